// What `npm run backup` and `npm run restore` do, as functions the tests call too.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDataDir, type Config } from '../config.ts';
import { lockOwnerRuns, openDatabase, processExists } from '../db/client.ts';
import { agentPidFile, requestsDir, type BackupResult } from './agent.ts';
import { openForReading } from '../db/copy.ts';
import { createMediaStorage } from '../media/configured-storage.ts';
import {
  BackupError,
  backupFileName,
  checkMigrations,
  createBackup,
  readBackup,
  restoreBackup,
  targetContents,
  targetNotEmpty,
  type BackupManifest,
} from './service.ts';

const readPid = async (file: string) => Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);

/**
 * Backs up the site `config` describes. PostgreSQL: read directly (the server may be running).
 * Embedded database held by a running server: that server writes the archive. Otherwise the
 * data directory is opened here.
 */
export async function backupSite(
  config: Config,
  out = path.join(config.backup.dir, backupFileName()),
  opts: { timeoutMs?: number } = {},
): Promise<{ file: string; manifest: BackupManifest; byServer: boolean }> {
  out = path.resolve(out);
  if (!config.databaseUrl) {
    const owner = await readPid(path.join(config.dataDir, 'db.lock'));
    if (lockOwnerRuns(owner)) return { ...(await askServer(config, owner, out, opts.timeoutMs)), byServer: true };
  }
  if (!config.databaseUrl) await ensureDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const media = createMediaStorage(config);
  try {
    return { file: out, manifest: await createBackup({ database, media, out }), byServer: false };
  } finally {
    media.close();
    await database.close();
  }
}

async function askServer(config: Config, owner: number, out: string, timeoutMs = 6 * 3_600_000) {
  if ((await readPid(agentPidFile(config.dataDir))) !== owner)
    throw new BackupError(
      `The server (process ${owner}) holding ${config.dataDir} is not ready to take backups yet (starting, or a version without backups): try again in a moment.`,
    );
  const dir = requestsDir(config.dataDir);
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${id}.request.json`), JSON.stringify({ out }));
  process.kill(owner, 'SIGUSR2');
  const resultFile = path.join(dir, `${id}.result.json`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(resultFile, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      await rm(resultFile, { force: true });
      const result = JSON.parse(text) as BackupResult;
      if (!result.ok) throw new BackupError(`The server could not write the backup: ${result.error}`);
      return { file: result.file, manifest: result.manifest };
    }
    if (!processExists(owner)) throw new BackupError(`The server (process ${owner}) stopped before the backup was written.`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new BackupError(`No answer from the server (process ${owner}) within ${Math.round(timeoutMs / 1000)} s.`);
}

/**
 * Restores into the site `config` describes; an embedded one must not be running. The archive is
 * unpacked and checked (outside DATA_DIR) before anything is opened or created, so a refused
 * restore leaves DATA_DIR as it found it, an empty or missing one too.
 */
export async function restoreSite(config: Config, file: string, opts: { force?: boolean } = {}) {
  // MEDIA_STORAGE=s3: the archive's pictures go into the bucket, nothing under DATA_DIR/media.
  const media = createMediaStorage(config);
  const work = await mkdtemp(path.join(os.tmpdir(), 'restore-'));
  try {
    const manifest = await readBackup(path.resolve(file), work);
    await checkMigrations(manifest);
    if (!config.databaseUrl && !opts.force) {
      // Refused for a non-empty target without opening (and so writing) its database: its rows
      // are counted in a copy.
      const copy = existsSync(path.join(config.dataDir, 'db')) ? await openForReading(config) : undefined;
      let contents;
      try {
        contents = await targetContents(copy?.db, media);
      } finally {
        await copy?.close();
      }
      if (contents.busy.length || contents.media.length) throw targetNotEmpty(contents);
    }
    if (!config.databaseUrl) await ensureDataDir(config.dataDir);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      return await restoreBackup({ file, database, media, force: opts.force, unpacked: { dir: work, manifest } });
    } finally {
      await database.close();
    }
  } finally {
    media.close();
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
