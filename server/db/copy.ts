// A database to read without writing: a dry run, or a check before a refusal, must leave DATA_DIR
// exactly as it found it (opening the embedded database writes to it, and creates one where there
// was none).
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from './client.ts';
import type { Database } from './database.ts';
import { refuseWhileHeld } from './data-dir-lock.ts';

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
  await refuseWhileHeld(source);
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
