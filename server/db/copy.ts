// A database to read without writing: a dry run, or a check before a refusal, must leave DATA_DIR
// exactly as it found it (opening the embedded database writes to it, and creates one where there
// was none).
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { DataDirInUseError, lockOwnerRuns, openDatabase, type Database } from './client.ts';

/**
 * PostgreSQL: the database itself (the caller only reads). Embedded with no database yet: an
 * empty one in memory. Embedded with one: a throwaway copy of it in the temporary folder (TMPDIR),
 * refused like the import itself while a server holds it (a copy of a directory being written is
 * not a database).
 */
export async function openForReading(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl });
  const source = path.join(config.dataDir, 'db');
  if (!existsSync(source)) return openDatabase({ inMemory: true });
  const lockFile = `${source}.lock`;
  const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (lockOwnerRuns(owner))
    throw new DataDirInUseError(
      `The embedded database ${source} is in use by process ${owner}: stop that server first (if none is running, delete ${lockFile}).`,
    );
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'db-copy-'));
  try {
    await cp(source, path.join(scratch, 'db'), { recursive: true });
    const database = await openDatabase({ dataDir: scratch });
    return {
      ...database,
      async close() {
        await database.close();
        await rm(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}
