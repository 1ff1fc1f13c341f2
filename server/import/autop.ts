// WordPress's wpautop() (wp-includes/formatting.php, WordPress 6.x), ported rule by rule: classic-
// editor posts are stored with blank lines for paragraphs and single newlines for line breaks, and
// WordPress adds the <p> and <br /> when it shows them. The regular expressions are PHP's, with
// possessive quantifiers written out (JavaScript has none).

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/** wp_html_split(): comments, CDATA and tags are the odd-numbered parts. */
const HTML_SPLIT = /(<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[^>]*>?)/;

/** wp_replace_in_html_tags(): newlines inside tags and comments are protected from autop. */
function replaceNewlinesInTags(text: string): string {
  const parts = text.split(HTML_SPLIT);
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i].includes('\n')) parts[i] = parts[i].replaceAll('\n', ' <!-- wpnl --> ');
  }
  return parts.join('');
}

export function wpautop(input: string, br = true): string {
  if (input.trim() === '') return '';
  let text = `${input}\n`;

  // <pre> blocks keep their newlines: set aside and put back at the end.
  const preTags = new Map<string, string>();
  if (text.includes('<pre')) {
    const parts = text.split('</pre>');
    const last = parts.pop()!;
    text = '';
    let i = 0;
    for (const part of parts) {
      const start = part.indexOf('<pre');
      if (start < 0) {
        text += part;
        continue;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.set(name, `${part.slice(start)}</pre>`);
      text += part.slice(0, start) + name;
      i++;
    }
    text += last;
  }

  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  // Space things out a little around block elements.
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = replaceNewlinesInTags(text);

  if (text.includes('<option')) {
    text = text.replace(/\s*<option/g, '<option');
    text = text.replace(/<\/option>\s*/g, '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(/(<object[^>]*>)\s*/g, '$1');
    text = text.replace(/\s*<\/object>/g, '</object>');
    text = text.replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1');
    text = text.replace(/\s*([<[]\/(?:audio|video)[>\]])/g, '$1');
    text = text.replace(/\s*(<(?:source|track)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1');
    text = text.replace(/<\/figcaption>\s*/g, '</figcaption>');
  }

  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p !== '');
  text = '';
  for (const paragraph of paragraphs) text += `<p>${paragraph.replace(/^\n+|\n+$/g, '')}</p>\n`;

  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.replaceAll('</blockquote></p>', '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  if (br) {
    // Newlines inside script, style, svg and math are not line breaks.
    text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.replaceAll('\n', '<WPPreserveNewline />'));
    text = text.replace(/<br>|<br\/>/g, '<br />');
    text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
    text = text.replaceAll('<WPPreserveNewline />', '\n');
  }

  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  // PHP's `$` also matches before a final newline.
  text = text.replace(/\n<\/p>(?=\n?$)/, '</p>');

  for (const [name, pre] of preTags) text = text.replace(name, () => pre);
  if (text.includes('<!-- wpnl -->')) text = text.replaceAll(' <!-- wpnl --> ', '\n').replaceAll('<!-- wpnl -->', '\n');
  return text;
}
