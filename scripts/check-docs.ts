// `node scripts/check-docs.ts`: the repository explains itself only if what it points to exists.
// Fails on a Markdown link to a missing file or heading, a code comment citing a docs/ file that is
// not there, any citation of the product's outside specification files, which a newcomer does not have,
// and a code comment carrying a measured figure: a comment says why, the figure goes to docs/performance.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Problem = { file: string; line: number; message: string };

/** The specification files the project started from; written in pieces so this line does not match itself. */
export const OUTSIDE_FILES = new RegExp(`\\b(${['SP', 'EC'].join('')}|${['DES', 'IGN'].join('')})\\.md\\b`);

/**
 * A measured figure, as the house rules count them: an approximate number (a tilde, ≈ or "about"
 * before a digit), a share (a number before %) or a ratio (a number before ×). Limits, defaults and
 * sizes written plainly pass: a comment may say what a constant is, not what a run measured.
 */
export const MEASURED_FIGURE = /((~|≈|about\s)\d)|(\d[\d.]*\s?%)|(\d[\d.]*\s?×)/;

/** The code the figure rule reads: the product's sources (server, app, contract, scripts), outside tests and bench. */
export function readsFigures(file: string): boolean {
  return (
    /^(server|app|contract|scripts)\//.test(file) &&
    /\.(ts|tsx|mts)$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !/\.(test|e2e)\.tsx?$/.test(file) &&
    !/(^|\/)(test|fixtures|node_modules|build)\//.test(file)
  );
}

/** The comment on a line (a line opening with //, /* or *, or a trailing //); none when it cites a web address. */
export function commentOf(line: string): string | undefined {
  const comment = line.match(/^\s*(\/\/|\*|\/\*\*?)\s?(.*)$/)?.[2] ?? line.match(/\/\/\s?(.*)$/)?.[1];
  return comment === undefined || /https?:\/\//.test(comment) ? undefined : comment;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const headingsOf = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((l) => /^#{1,6}\s/.test(l))
      .map((l) => anchorOf(l.replace(/^#+\s*/, ''))),
  );

/** Problems in one file's text; `exists` and `readText` answer for paths relative to the root. */
export function checkFile(
  file: string,
  text: string,
  exists: (p: string) => boolean,
  readText: (p: string) => string,
): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split('\n');
  const isMarkdown = file.endsWith('.md');
  const figures = readsFigures(file);
  lines.forEach((line, i) => {
    const at = (message: string) => problems.push({ file, line: i + 1, message });
    if (figures && MEASURED_FIGURE.test(commentOf(line) ?? '')) {
      at('a comment carries a measured figure: say why here, put the figure in docs/performance.md');
    }
    if (OUTSIDE_FILES.test(line)) at('cites a specification file the repository does not hold: point to docs/');
    if (isMarkdown) {
      for (const [, target] of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [rawPath, anchor] = target.split('#');
        const resolved = rawPath ? path.normalize(path.join(path.dirname(file), rawPath)) : file;
        if (!exists(resolved)) {
          at(`links to ${target}, which does not exist`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !headingsOf(readText(resolved)).has(anchor)) {
          at(`links to #${anchor}, a heading ${resolved} does not have`);
        }
      }
    }
    // Files under docs/ named in code comments and prose.
    for (const [cited] of line.matchAll(/\bdocs\/[\w./-]*\w\.(md|json)\b/g)) {
      if (!exists(cited)) at(`cites ${cited}, which does not exist`);
    }
  });
  return problems;
}

export function checkRepository(root: string): Problem[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    // The check's own test holds made-up broken links on purpose.
    .filter((f) => /\.(md|ts|tsx|mts|js|css)$/.test(f) && f !== 'scripts/check-docs.test.ts' && existsSync(path.join(root, f)));
  const exists = (p: string) => existsSync(path.join(root, p));
  const readText = (p: string) => readFileSync(path.join(root, p), 'utf8');
  return files.flatMap((f) => checkFile(f, readText(f), exists, readText));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = checkRepository(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  console.log(problems.length ? `${problems.length} problem(s) in the docs and their links` : 'docs and links: ok');
  process.exit(problems.length ? 1 : 0);
}
