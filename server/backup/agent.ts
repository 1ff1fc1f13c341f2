// The server's side of backups: scheduled ones (BACKUP_EVERY) and ones asked for by
// `npm run backup` while this process holds an embedded database (only the owner of a PGlite
// data directory may read it). The request travels as a file in DATA_DIR/backup-requests plus
// SIGUSR2: whoever may signal the server process may back it up; nothing listens on the network.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { backupFileName, createBackup, PRIVATE_DIR_MODE, pruneBackups, type BackupManifest } from './service.ts';

export const requestsDir = (dataDir: string) => path.join(dataDir, 'backup-requests');
export const agentPidFile = (dataDir: string) => path.join(requestsDir(dataDir), 'agent.pid');
export type BackupRequest = { out: string };
export type BackupResult = { ok: true; file: string; manifest: BackupManifest } | { ok: false; error: string };

export function startBackupAgent(opts: {
  config: Config;
  database: Database;
  /** The server's own media storage (its folder, or the bucket). */
  media: MediaStorage;
  log: { info(msg: string): void; error(msg: string): void };
}) {
  const { config, database, media, log } = opts;
  // One backup at a time: two would each hold the single PGlite connection in turn anyway.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(job: () => Promise<T>) => {
    const next = queue.then(job, job);
    queue = next.catch(() => {});
    return next;
  };

  async function answerRequests() {
    const dir = requestsDir(config.dataDir);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith('.request.json')) continue;
      const id = name.slice(0, -'.request.json'.length);
      const requestFile = path.join(dir, name);
      let result: BackupResult;
      try {
        const { out } = JSON.parse(await readFile(requestFile, 'utf8')) as BackupRequest;
        await rm(requestFile, { force: true });
        const manifest = await run(() => createBackup({ database, media, out }));
        result = { ok: true, file: out, manifest };
        log.info(`backup written to ${out} (${manifest.counts.articles} articles, moment ${manifest.snapshotAt})`);
      } catch (error) {
        await rm(requestFile, { force: true });
        result = { ok: false, error: (error as Error).message };
        log.error(`backup failed: ${result.error}`);
      }
      const tmp = path.join(dir, `${id}.result.tmp`);
      await writeFile(tmp, JSON.stringify(result));
      await rename(tmp, path.join(dir, `${id}.result.json`));
    }
  }
  const onSignal = () => void answerRequests().catch((error: unknown) => log.error(`backup request: ${String(error)}`));
  process.on('SIGUSR2', onSignal);
  // SIGUSR2's default action ends a process: the CLI signals only a pid written here, i.e. one
  // that is listening for it.
  const ready = mkdir(requestsDir(config.dataDir), { recursive: true, mode: PRIVATE_DIR_MODE }).then(() =>
    writeFile(agentPidFile(config.dataDir), String(process.pid)),
  );

  let timer: NodeJS.Timeout | undefined;
  if (config.backup.everyMs) {
    const every = config.backup.everyMs;
    timer = setInterval(
      () =>
        void run(async () => {
          await mkdir(config.backup.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
          const out = path.join(config.backup.dir, backupFileName());
          const manifest = await createBackup({ database, media, out });
          await pruneBackups(config.backup.dir, config.backup.keep);
          log.info(`scheduled backup written to ${out} (${manifest.counts.articles} articles)`);
        }).catch((error: unknown) => log.error(`scheduled backup failed: ${(error as Error).message}`)),
      every,
    );
    timer.unref();
  }
  return {
    /** Waits for a running backup, then stops taking new ones (before the database closes). */
    ready,
    async stop() {
      await ready.catch(() => {});
      await rm(agentPidFile(config.dataDir), { force: true });
      process.off('SIGUSR2', onSignal);
      clearInterval(timer);
      await queue;
    },
  };
}
