// `npm test`: lint, typecheck, API/unit tests on PGlite and PostgreSQL, then browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-if-stale.ts';

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const steps: [string, string, string[]][] = [
  ['lint', bin('eslint'), ['.']],
  ['lint: import cycles', process.execPath, ['scripts/check-import-cycles.ts']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['docs and links', process.execPath, ['scripts/check-docs.ts']],
  ['typegen', bin('react-router'), ['typegen']],
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['build', process.execPath, ['scripts/build-if-stale.ts']],
  ['openapi lint', process.execPath, ['scripts/openapi.ts', '--lint']],
  ['api + unit (PGlite and PostgreSQL)', bin('vitest'), ['run']],
  ['end-to-end (Chromium)', bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts']],
];

/**
 * What a Vitest run's JSON report says about its tests: a long run's log is often seen only by its
 * end, so the summary repeats which tests failed and why, and which passed only on a retry (a
 * flaky test stays visible even when the run passes).
 */
function reportedTests(report: string) {
  if (!existsSync(report)) return { failed: ['(no test report: the run stopped before its tests ended)'], retried: [] };
  type Report = {
    testResults: {
      name: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages: string[] | null }[];
    }[];
  };
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300);
  const tests = testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({
      ...t,
      line: `${path.relative(root, file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
    })),
  );
  const failed = [
    ...testResults.flatMap((file) => (file.message ? [`${path.relative(root, file.name)}: ${firstLine(file.message)}`] : [])),
    ...tests.filter((t) => t.status === 'failed').map((t) => t.line),
  ];
  return {
    failed: failed.length ? failed : ['(every test passed: an error outside the tests failed the run, see above)'],
    retried: tests.filter((t) => t.status === 'passed' && t.failureMessages?.length).map((t) => t.line),
  };
}

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number; failures: string[]; retried: string[] }[] = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const vitest = command === bin('vitest');
  const report = path.join(os.tmpdir(), `vitest-report-${process.pid}-${results.length}.json`);
  const reporters = vitest ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
  const started = performance.now();
  const run = spawnSync(command, [...args, ...reporters], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  const tests = vitest ? reportedTests(report) : { failed: [], retried: [] };
  results.push({ name, ok, seconds, failures: ok ? [] : tests.failed, retried: tests.retried });
  rmSync(report, { force: true });
  if (!ok) break;
}
console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  for (const failure of r.failures) console.log(`       ${failure}`);
  for (const retried of r.retried) console.log(`       passed on a retry: ${retried}`);
}
const failed = results.filter((r) => !r.ok).length;
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
