// Start-up: config -> database (migrated) -> first admin / demo content -> app -> listen.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, ensureDataDir, loadConfig, type Config } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { createServices } from './services.ts';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './users/bootstrap.ts';
import { startBackupAgent } from './backup/agent.ts';
import { seedDemoContent, isDatabaseEmpty } from './demo/seed.ts';
import type { AppServerBuild } from './http/ssr.ts';
import { backfillTenglish } from './search/backfill.ts';
import { appRoot } from './paths.ts';
import { exposedGc, MEMORY_REDUCING, releaseMemoryWhenQuiet } from './quiet-memory.ts';

const buildDir = path.resolve(appRoot, process.env.BUILD_DIR ?? 'build');

export async function start(config: Config) {
  const startedAt = performance.now();
  const dev = config.env === 'development';
  // The web app's build loads while the database opens (start-up time, docs/performance.md).
  const build = dev ? undefined : (import(path.join(buildDir, 'server/index.js')) as Promise<AppServerBuild>);
  build?.catch(() => {}); // awaited below; a failed import must not be an unhandled rejection first
  await ensureDataDir(config.dataDir);
  // MEDIA_STORAGE=s3 writes nothing under DATA_DIR/media.
  if (config.media.storage === 'local') await mkdir(path.join(config.dataDir, 'media'), { recursive: true });
  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let database = await open();
  let services = createServices({ config, database });

  const empty = await isDatabaseEmpty(services.db);
  // SEED_DEMO defaults to 1 only on an empty embedded database.
  const seed = config.seedDemo ?? (empty && !config.databaseUrl);
  await ensureFirstAdmin(services, config, (line) => console.log(line));
  if (seed) await seedDemoContent(services, { log: (line) => console.log(line) });
  // Planner statistics persist in the data directory: only freshly loaded data needs them before
  // the first reader. Otherwise the refresh runs after start: ANALYZE on PGlite takes seconds and
  // a burst of resident memory, which would all be on the way to /readyz (docs/performance.md).
  if (seed || empty) {
    await database.maintain();
    // Loading a newsroom grew PGlite's WebAssembly heap, which never shrinks (docs/performance.md):
    // the server runs on a fresh instance instead.
    if (database.engine === 'pglite') {
      await database.close();
      database = await open();
      services = createServices({ config, database });
    }
  }

  const app = await buildApp({
    services,
    build: await build,
    clientDir: dev ? undefined : path.join(buildDir, 'client'),
    logger: { level: config.logLevel },
  });
  if (dev) await (await import('./http/dev.ts')).registerDevSsr(app, services);
  await services.changes.subscribe();
  // Scheduled publications and breaking-news expiry happen on time on every instance.
  services.publishing.start();
  // Ads start and end on time: cached pages drop or take them in at each start and end.
  services.ads.clock.start();
  services.readership.start();
  // Pushes to readers' phones go out in the background; the VAPID keys are made now if this is the first start.
  await services.push.vapidKeys();
  services.pushSender.start();
  // Mail (resets, address proofs, newsletters) goes out in the background on every instance.
  services.mailSender.start();
  // The morning digest at NEWSLETTER_DAILY_AT and breaking-news mails, prepared on every instance.
  services.newsletter.start();
  const maintenance =
    database.engine === 'pglite' ? setInterval(() => void database.maintain().catch(() => {}), 5 * 60_000) : undefined;
  maintenance?.unref();
  const firstMaintenance =
    database.engine === 'pglite' && !(seed || empty)
      ? setTimeout(() => void database.maintain().catch(() => {}), 30_000)
      : undefined;
  firstMaintenance?.unref();
  // Expired sessions and forgotten sign-in failures are useless rows; sweep them hourly.
  const sweep = setInterval(() => {
    void services.sessions.purgeExpired().catch(() => {});
    void services.auth.purgeStaleSignInFailures().catch(() => {});
    void services.mail.sweep().catch(() => {});
  }, 60 * 60_000);
  sweep.unref();
  if (services.storage.kind === 's3') {
    const { where } = services.storage;
    // Readers are served either way (pages, and pictures from MEDIA_PUBLIC_URL); uploads answer 503 meanwhile.
    void services.storage.check().then(
      () => app.log.info(`media storage: ${where}`),
      (error: unknown) =>
        app.log.error(
          `media storage: ${where} cannot be reached (${String((error as Error).cause ?? error)}): uploads fail until it can`,
        ),
    );
  }
  const backups = startBackupAgent({ config, database, media: services.storage, log: app.log });

  const quiet = releaseMemoryWhenQuiet(app.server, exposedGc());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(maintenance);
    clearTimeout(firstMaintenance);
    clearInterval(sweep);
    clearInterval(quiet);
    services.publishing.stop();
    services.ads.clock.stop();
    await services.pushSender.stop().catch((error: unknown) => app.log.error(error));
    await services.newsletter.stop().catch((error: unknown) => app.log.error(error));
    await services.mailSender.stop().catch((error: unknown) => app.log.error(error));
    // Stop accepting, let in-flight requests finish, then close the database cleanly
    // (an unclosed PGlite can leave its data directory damaged).
    await app.close();
    await backups.stop();
    // Views counted since the last flush are written before the database closes.
    await services.readership.stop().catch((error: unknown) => app.log.error(error));
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  releaseStartUpMemory();
  await app.listen({ port: config.port, host: config.host });
  // In the background: a large newsroom should not wait for it to be served.
  void backfillTenglish(services.db).then(
    async (n) => {
      if (n === 0) return;
      app.log.info(`Tenglish search: ${n} articles indexed`);
      await services.changes.announce({ kind: 'search-index' }); // cached search pages may now find more
    },
    (error: unknown) => app.log.error({ err: error }, 'Tenglish search backfill failed'),
  );
  app.log.info(`ready in ${Math.round(performance.now() - startedAt)} ms at ${config.publicUrl} (${database.engine})`);
  return app;
}

/**
 * Start-up leaves its garbage and a young generation grown to its largest: one memory-reducing
 * collection before the first reader gives that resident memory back (docs/performance.md).
 * `npm start` runs the server with --expose-gc; elsewhere (development, tests) this does nothing.
 */
function releaseStartUpMemory() {
  exposedGc()?.(MEMORY_REDUCING);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    await start(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  }
}
