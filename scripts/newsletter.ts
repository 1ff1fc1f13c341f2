// `npm run newsletter -- send daily [--day YYYY-MM-DD]`: sends that day's morning digest now (default
// today, India time; an earlier day for an edition the server missed), at MAIL_RATE, and reports
// what became of it. Safe to run beside the servers and again: each confirmed address gets each
// day's edition once, whichever instance or run sends it; a run cut short resumes where it stopped.
// Uses the same DATA_DIR / DATABASE_URL as the server (on the embedded database, stop the server
// first: PGlite allows one process per data directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices, type Services } from '../server/services.ts';
import { mailOutbox } from '../server/db/schema.ts';

const USAGE = 'Usage: npm run newsletter -- send daily [--day YYYY-MM-DD]';

export type EditionReport = { editionId: number; queued: number; sent: number; failed: number; pending: number };

/** Makes (or finds) the day's edition, adds the addresses that have not had it, and sends what is due. */
export async function sendDailyEdition(services: Services, day?: string): Promise<EditionReport> {
  const { editionId, queued } = await services.newsletter.sendDaily(day);
  // Joins a run already under way on this instance (the edition's own kick) and waits for it to end.
  await services.mailSender.kick();
  const rows = await services.db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.editionId, editionId)))
    .groupBy(mailOutbox.status);
  const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { editionId, queued, sent: n('sent'), failed: n('failed') + n('undeliverable'), pending: n('pending') };
}

async function main(argv: string[]) {
  const [command, list, flag, day, ...extra] = argv;
  const dayOk = flag === undefined || (flag === '--day' && day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day));
  if (command !== 'send' || list !== 'daily' || !dayOk || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.mail.smtpUrl) {
    console.error('newsletter: SMTP_URL is not set: no mail can be sent (docs/configuration.md)');
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = createServices({ config, database });
  try {
    const report = await sendDailyEdition(services, day);
    console.log(
      `edition ${report.editionId}: ${report.queued} address(es) added; sent ${report.sent}, failed ${report.failed}, still pending ${report.pending}`,
    );
    return report.pending === 0 ? 0 : 1;
  } finally {
    await services.mailSender.stop();
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? `newsletter: ${error.message}` : error);
    process.exitCode = 1;
  }
}
