import { describe, expect, it } from 'vitest';
import { anchorOf, checkFile, OUTSIDE_FILES, readsFigures } from './check-docs.ts';

const files: Record<string, string> = {
  'docs/a.md': '# Title\n\n## One request, through the layers\n',
  'docs/b.md': '',
};
const exists = (p: string) => p in files;
const readText = (p: string) => files[p] ?? '';
const check = (file: string, text: string) => checkFile(file, text, exists, readText).map((p) => `${p.line}: ${p.message}`);

describe('the docs check', () => {
  it('accepts links and citations that resolve, including heading anchors', () => {
    expect(
      check('docs/c.md', 'See [a](a.md), [b](./b.md#), [the walk](a.md#one-request-through-the-layers) and https://x.org.'),
    ).toEqual([]);
    expect(check('server/x.ts', '// rules in docs/a.md and docs/b.md')).toEqual([]);
  });

  it('names the line of a missing file, a missing heading and a cited doc that is not there', () => {
    expect(check('docs/c.md', 'intro\n[gone](gone.md)')).toEqual(['2: links to gone.md, which does not exist']);
    expect(check('docs/c.md', '[x](a.md#nowhere)')).toEqual(['1: links to #nowhere, a heading docs/a.md does not have']);
    expect(check('app/y.tsx', '\n\n// see docs/missing.md')).toEqual(['3: cites docs/missing.md, which does not exist']);
  });

  it('refuses citations of the outside specification files', () => {
    const cited = `// rule from ${['SPEC', 'md'].join('.')} §4`;
    expect(OUTSIDE_FILES.test(cited)).toBe(true);
    expect(check('server/z.ts', cited)).toEqual(['1: cites a specification file the repository does not hold: point to docs/']);
  });

  it('makes anchors the way GitHub does, Telugu included', () => {
    expect(anchorOf('One request, through the layers')).toBe('one-request-through-the-layers');
    expect(anchorOf('Tenglish search')).toBe('tenglish-search');
    expect(anchorOf('తెలుగు వార్తలు')).toBe('తెలుగు-వార్తలు');
  });

  it('refuses a measured figure in a code comment: an approximate number, a share, a ratio', () => {
    const figure = 'a comment carries a measured figure: say why here, put the figure in docs/performance.md';
    expect(check('server/a.ts', '// resolving each link was ~12 ms')).toEqual([`1: ${figure}`]);
    expect(check('app/b.tsx', 'const x = 1; // about 5 of a render')).toEqual([`1: ${figure}`]);
    expect(check('contract/c.ts', '/**\n * scavenges took 12% of the CPU\n */')).toEqual([`2: ${figure}`]);
    expect(check('scripts/d.ts', '/* 2.3× the bytes */')).toEqual([`1: ${figure}`]);
    expect(check('server/e.ts', '// ≈4 MB')).toEqual([`1: ${figure}`]);
  });

  it('lets pass a plain constant, code, web addresses, tests, bench and other folders', () => {
    expect(check('server/a.ts', '/** At most 4,096 strings of 300 characters. */')).toEqual([]);
    expect(check('server/a.ts', "const width = '100%'; const ratio = 2 * 3;")).toEqual([]);
    expect(check('server/a.ts', '// see https://example.org/a?b=50%25')).toEqual([]);
    expect(check('server/a.test.ts', '// ~12% of a render')).toEqual([]);
    expect(check('bench/run.ts', '// ~12% of a render')).toEqual([]);
    expect(check('docs/c.md', 'Routing was ~12% of a render.')).toEqual([]);
    expect(readsFigures('server/fixtures/x.ts')).toBe(false);
    expect(readsFigures('server/types.d.ts')).toBe(false);
    expect(readsFigures('app/routes/home.tsx')).toBe(true);
  });
});
