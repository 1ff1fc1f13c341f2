// The server's allowlist keeps exactly what the TipTap editor emits and nothing dangerous.
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize.ts';

/** sanitize-html writes `a:b;c:d` and `<br />`; compare without those serialisation differences. */
const squeezeStyles = (html: string) =>
  html
    .replace(/<(br|hr)>/g, '<$1 />')
    .replace(/style="([^"]*)"/g, (_m, s: string) => `style="${s.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '')}"`);

describe('sanitizeArticleHtml', () => {
  it('preserves the editor output: headings, alignment, colour, font size, highlight, lists, links', () => {
    // As TipTap 3 (StarterKit, TextAlign, TextStyle + Color + FontSize, multicolour Highlight) serialises it.
    const editorHtml = [
      '<h1 style="text-align: center">హైదరాబాద్‌లో భారీ వర్షం</h1>',
      '<h2>రెండో శీర్షిక</h2><h3 style="text-align: right">మూడో</h3>',
      '<p style="text-align: justify">నగరంలో <span style="color: #e03131; font-size: 18px">ఎరుపు</span> ',
      '<span style="font-size: 12px">చిన్న</span> <span style="color: rgb(224, 49, 49)">rgb</span> ',
      '<mark data-color="#ffec99" style="background-color: #ffec99; color: inherit">హైలైట్</mark> ',
      '<strong>బోల్డ్</strong> <em>ఇటాలిక్</em> <u>అండర్‌లైన్</u> <s>కొట్టివేత</s> <code>x</code>',
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/news">లింక్</a><br></p>',
      '<ul><li><p>ఒకటి</p></li></ul><ol><li><p>రెండు</p></li></ol>',
      '<blockquote><p>ఉటంకింపు</p></blockquote><pre><code>code</code></pre><hr>',
      '<p style="text-align: left">ఎడమ</p>',
    ].join('');
    expect(sanitizeArticleHtml(editorHtml)).toBe(squeezeStyles(editorHtml));
  });

  it('removes scripts, event handlers, javascript: URLs, frames and foreign styles', () => {
    const out = sanitizeArticleHtml(
      '<p onclick="steal()">వార్త<script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">j</a><a href="JaVaScRiPt:alert(4)">k</a><a href="data:text/html,x">d</a>' +
        '<span style="position: fixed; font-size: 40px; color: red; background-image: url(x)">s</span>' +
        '<iframe src="https://evil.example"></iframe><svg><script>5</script></svg><style>body{}</style>' +
        '<mark style="background-color: expression(alert(6))">m</mark></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|data:|<img|<iframe|<svg|<style|position|40px|url\(|expression/i);
    expect(out).toContain('వార్త');
    expect(out).toContain('<span style="color:red">s</span>');
    expect(out).toContain('<mark>m</mark>');
  });

  it('keeps the caption figures of imported WordPress posts, without their attributes or pictures', () => {
    expect(
      sanitizeArticleHtml(
        '<figure class="wp-caption" onclick="x()"><img src="a.jpg"><figcaption style="color: red">వర్షం</figcaption></figure>',
      ),
    ).toBe('<figure><figcaption>వర్షం</figcaption></figure>');
  });

  it('forces safe link attributes', () => {
    expect(sanitizeArticleHtml('<p><a href="https://example.com" target="_self" rel="opener">x</a></p>')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
  });

  it('keeps http, https and mailto links only (the link button adds web links only)', () => {
    const out = sanitizeArticleHtml(
      '<p><a href="https://a.example/x">1</a><a href="http://b.example">2</a><a href="mailto:desk@example.com">3</a>' +
        '<a href="ftp://c.example">4</a><a href="tel:100">5</a><a href="//d.example">6</a><a href="vbscript:x">7</a></p>',
    );
    expect([...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'https://a.example/x',
      'http://b.example',
      'mailto:desk@example.com',
    ]);
  });
});
