// `npm run bench -- --newsletter`: the morning digest to 10,000 confirmed addresses, through a real
// SMTP server on loopback (smtp-server in a child process, which takes each mail and drops it).
// Measures the wall time of `sendDailyEdition` (expansion into outbox rows, then each mail rendered
// and sent at MAIL_RATE=10000, i.e. as fast as the server takes them), the sender's peak resident
// memory and heap, and a second run (nothing left to send). PostgreSQL by default; --pglite for the
// embedded database. Prints a table (docs/performance.md, "Newsletter") and writes bench/results/newsletter.json.
//   --addresses N (10000)
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createMigratedPgDatabase, openPgliteCopy } from '../server/test/databases.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { addArticle, addCategories, addReporter } from '../server/test/fixtures.ts';
import { newsletterSubscriptions } from '../server/db/schema.ts';
import { sendDailyEdition } from '../scripts/newsletter.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[newsletter] ${line}`);
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};

/** The child: an SMTP server that accepts everything and tells the parent its port. */
function serveSmtp() {
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails++;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.server.address() as { port: number }).port }));
  process.on('message', () => process.send?.({ mails }));
}

export async function runNewsletterBench() {
  const addresses = arg('--addresses', 10_000);
  const pglite = process.argv.includes('--pglite');
  const child = fork(fileURLToPath(import.meta.url), ['--smtp-child'], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const pg = pglite ? undefined : await createMigratedPgDatabase('bench');
  const database = pg ? await openDatabase({ databaseUrl: pg.url }) : await openPgliteCopy();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://news.example.com',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RATE: '10000',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const services = createServices({
    config,
    database,
    log: { ...console, info() {}, debug() {}, warn() {} } as unknown as Console,
  });
  try {
    const reporterId = (await addReporter(services.db, 'bench_newsletter')).id;
    const categories = await addCategories(services.db, ['రాజకీయం', 'క్రీడలు', 'సినిమా', 'వ్యాపారం']);
    for (let i = 0; i < 16; i++)
      await addArticle(services.db, {
        title: `ఉదయం వార్త ${i + 1}: రాష్ట్రంలో కొత్త పథకం ప్రారంభం`,
        reporterId,
        categoryIds: [categories[i % categories.length]],
        withImage: i < 4,
      });
    await services.featured.replace(categories);
    for (let from = 0; from < addresses; from += 1000)
      await services.db.insert(newsletterSubscriptions).values(
        Array.from({ length: Math.min(1000, addresses - from) }, (_, i) => ({
          email: `reader${from + i}@example.com`,
          list: 'daily' as const,
          district: (from + i) % 3 === 0 ? 'guntur' : null,
          token: `bench-token-${from + i}`,
          confirmedAt: new Date(),
        })),
      );
    let peakRss = 0;
    let peakHeap = 0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const first = await sendDailyEdition(services, '2026-12-08');
    const seconds = (performance.now() - started) / 1000;
    const again = performance.now();
    const second = await sendDailyEdition(services, '2026-12-08');
    const secondMs = performance.now() - again;
    clearInterval(sample);
    child.send('count');
    const received = await new Promise<number>((resolve) => child.once('message', (m: { mails: number }) => resolve(m.mails)));
    const result = {
      engine: pglite ? 'pglite' : 'postgres',
      addresses,
      seconds: Number(seconds.toFixed(1)),
      mailsPerSecond: Math.round(first.sent / seconds),
      sent: first.sent,
      received,
      failed: first.failed,
      rssBeforeMb: Math.round(rssBefore / 2 ** 20),
      peakRssMb: Math.round(peakRss / 2 ** 20),
      peakHeapMb: Math.round(peakHeap / 2 ** 20),
      secondRun: { queued: second.queued, ms: Math.round(secondMs) },
    };
    console.table(result);
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/newsletter.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(`${result.sent} of ${addresses} sent in ${result.seconds} s; peak RSS ${result.peakRssMb} MiB`);
  } finally {
    await services.mailSender.stop();
    await database.close();
    await pg?.drop();
    child.kill();
  }
}

if (process.argv.includes('--smtp-child')) serveSmtp();
else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await runNewsletterBench();
