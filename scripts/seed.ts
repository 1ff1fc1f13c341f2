// `npm run seed [-- --articles N]`: loads the Telugu demo newsroom into DATA_DIR / DATABASE_URL.
// Adds only what is missing, so it is safe to run again. Stop an embedded-database server first
// (PGlite allows one process per data directory).
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { seedDemoContent } from '../server/demo/seed.ts';
import { seedArchive } from './seed/archive.ts';

/** Beyond this many, generated archive articles are added in bulk (scripts/seed/archive.ts). */
const DEMO_MAX = 2000;

const args = process.argv.slice(2);
const flag = args.indexOf('--articles');
const articleCount = flag >= 0 ? Number(args[flag + 1]) : undefined;
if (articleCount !== undefined && (!Number.isInteger(articleCount) || articleCount < 1)) {
  console.error('Usage: npm run seed [-- --articles <count of approved articles>]');
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = createServices({ config, database });
    const log = (line: string) => console.log(line);
    await seedDemoContent(services, { log, articleCount: articleCount && Math.min(articleCount, DEMO_MAX) });
    if (articleCount && articleCount > DEMO_MAX) await seedArchive(services, { articles: articleCount, log });
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
