// `node bench/search-versus.ts <git-rev> [--runs N]`: search's time for each shape of query, this
// checkout's server/search/service.ts against the one at <git-rev>, on one database
// (DATABASE_URL, or DATA_DIR for PGlite; migrated to this checkout), alternating query by query
// so that load from other processes falls on both alike. Prints p50/p95 and whether both return
// the same page and total. The archive bench (`--archive`) times the whole request.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { createSearchService } from '../server/search/service.ts';
import type { ServiceDeps } from '../server/service-deps.ts';
import { RARE_WORD } from '../scripts/seed/archive.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rev = process.argv[2];
if (!rev) {
  console.error('Usage: node bench/search-versus.ts <git-rev> [--runs N] [--only name,...]');
  process.exit(2);
}
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 30);
// The archive bench's search shapes (bench/archive.ts).
const SHAPES: [string, string][] = [
  ['common word', 'హైదరాబాద్'],
  ['word in 0.5 %', 'విశ్లేషణ'],
  ['rare word', RARE_WORD],
  ['two words', 'హైదరాబాద్ సినిమా'],
  ['agglutinated form', 'హైదరాబాద్‌లో'],
  ['hyderabad', 'hyderabad'],
  ['cinema', 'cinema'],
  ['vizag', 'vizag'],
  ['t20', 't20'],
  ['penguin', 'penguin'],
];
const only = arg('--only')?.split(',');

// The old service beside the new one, so its relative imports resolve the same.
const before = path.join(root, 'server/search', `.service-versus.ts`);
writeFileSync(before, execFileSync('git', ['show', `${rev}:server/search/service.ts`], { cwd: root, encoding: 'utf8' }));
try {
  const { createSearchService: createBefore } = (await import(before)) as { createSearchService: typeof createSearchService };
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' });
  // The statistics a running server has.
  await database.db.execute(sql`analyze articles`);
  const deps = { db: database.db } as unknown as ServiceDeps;
  const sides = { before: createBefore(deps), after: createSearchService(deps) };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];
  console.log(`engine ${database.engine}, ${runs} runs a side after 3 of warm-up, before = ${rev}`);
  console.log('| query | before p50 | before p95 | after p50 | after p95 | same page and total |\n|---|---|---|---|---|---|');
  for (const [name, query] of SHAPES.filter(([n]) => !only || only.includes(n))) {
    const times = { before: [] as number[], after: [] as number[] };
    const answers: Record<string, string> = {};
    for (let i = 0; i < runs + 3; i++)
      for (const side of ['before', 'after'] as const) {
        const started = performance.now();
        const r = await sides[side].search(query, 0, 20);
        const ms = performance.now() - started;
        if (i >= 3) times[side].push(ms);
        answers[side] = JSON.stringify([r.totalElements, r.content.map((a) => a.id)]);
      }
    const f = (xs: number[], p: number) => pct(xs, p).toFixed(1);
    console.log(
      `| ${name} | ${f(times.before, 50)} | ${f(times.before, 95)} | ${f(times.after, 50)} | ${f(times.after, 95)} | ${answers.before === answers.after ? 'yes' : `NO ${answers.before.slice(0, 60)} / ${answers.after.slice(0, 60)}`} |`,
    );
  }
  await database.close();
} finally {
  rmSync(before, { force: true });
}
