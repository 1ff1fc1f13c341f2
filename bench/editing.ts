// `node bench/editing.ts`: the cost of "who is editing" (server/editing/): N editors (50), each on a
// story of their own screen, beat as fast as the server answers over HTTP for a few seconds; then
// the beat's database time alone (the service's beat() called in a loop, no HTTP). The product
// beats every HEARTBEAT_MS, so N editors need N / 25 beats a second; the answer says how far the
// server is from that. PGlite in a temporary directory, or DATABASE_URL (PostgreSQL).
//   --editors N (50)   --seconds N (5)   --stories N (10): the editors share these stories
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { buildApp } from '../server/app.ts';
import { users } from '../server/db/schema.ts';
import { addCategory, addSubmission } from '../server/test/fixtures.ts';
import { HEARTBEAT_MS } from '../contract/editing.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const EDITORS = arg('--editors', 50);
const SECONDS = arg('--seconds', 5);
const STORIES = arg('--stories', 10);
const log = (line: string) => console.log(`[editing] ${line}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-editing-'));
const databaseUrl = process.env.DATABASE_URL;
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: config.dataDir });
const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
const app = await buildApp({ services, checkResponses: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const stamp = Date.now().toString(36);
  const reporter = (
    await services.db
      .insert(users)
      .values({ username: `benchrep_${stamp}`, email: `benchrep_${stamp}@example.com`, passwordHash: 'x', role: 'REPORTER' })
      .returning()
  )[0];
  const categoryId = (await addCategory(services.db, `బెంచ్ ${stamp}`)).id;
  const stories: number[] = [];
  for (let i = 0; i < STORIES; i++)
    stories.push(
      (await addSubmission(services.db, { title: `బెంచ్ వార్త ${i}`, reporterId: reporter.id, categoryIds: [categoryId] })).id,
    );
  const editors: { user: typeof reporter; cookie: string; story: number }[] = [];
  for (let i = 0; i < EDITORS; i++) {
    const [user] = await services.db
      .insert(users)
      .values({ username: `benched_${stamp}_${i}`, email: `benched_${stamp}_${i}@example.com`, passwordHash: 'x', role: 'ADMIN' })
      .returning();
    const session = await services.sessions.create(user.id);
    editors.push({ user, cookie: `${config.sessionCookie}=${session.token}`, story: stories[i % STORIES] });
  }

  // HTTP: every editor beats back to back for SECONDS.
  const until = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  await Promise.all(
    editors.map(async (e) => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}/api/articles/${e.story}/editing`, {
          method: 'POST',
          headers: { cookie: e.cookie, 'content-type': 'application/json', origin: base },
          body: '{}',
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`beat: ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / SECONDS;
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);

  // The database alone: the service's beat, one after another.
  const rounds = 400;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const e = editors[i % editors.length];
    await services.editing.beat({ ...e.user, role: 'ADMIN' } as never, e.story);
  }
  const dbMs = (performance.now() - started) / rounds;
  const used = process.cpuUsage(cpu);
  // This process's CPU: all of a beat's on PGlite, the client's side only on PostgreSQL.
  const cpuMs = (used.user + used.system) / 1000 / rounds;
  const needed = EDITORS / (HEARTBEAT_MS / 1000);
  log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${EDITORS} editors on ${STORIES} stories`);
  log(`HTTP: ${rate.toFixed(0)} beats/s at ${EDITORS} concurrent (p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`);
  log(`beat() alone: ${dbMs.toFixed(2)} ms wall, ${cpuMs.toFixed(2)} ms of this process's CPU each`);
  log(`the product needs ${needed.toFixed(1)} beats/s: ${(needed * cpuMs).toFixed(1)} ms of this process's CPU a second`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
