// `npm test`: lint, typecheck, API/unit tests on PGlite and PostgreSQL, then browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-if-stale.ts';

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const steps: [string, string, string[]][] = [
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['docs and links', process.execPath, ['scripts/check-docs.ts']],
  ['typegen', bin('react-router'), ['typegen']],
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['build', process.execPath, ['scripts/build-if-stale.ts']],
  ['openapi lint', process.execPath, ['scripts/openapi.ts', '--lint']],
  ['api + unit (PGlite and PostgreSQL)', bin('vitest'), ['run']],
  ['end-to-end (Chromium)', bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts']],
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, ok: run.status === 0, seconds });
  if (run.status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
