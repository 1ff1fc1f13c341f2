// Fresh databases for tests, each a copy of one migrated template instead of a new database
// migrated again: a new PGlite data directory costs seconds of initdb, a copy of a dumped one a
// fraction of that; PostgreSQL copies a template database (CREATE DATABASE ... TEMPLATE). The
// templates are named by the migrations' content, so a changed migration builds a new one, and
// every test worker and run with the same migrations shares it.
import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { appRoot } from '../paths.ts';
import { createPgDatabase, PG_ADMIN_URL } from './resources.ts';

/** The migrations and the PGlite version, hashed: what a template's content depends on. */
async function templateKey() {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(appRoot, 'node_modules/@electric-sql/pglite/package.json')));
  const folder = path.join(appRoot, 'server/db/migrations');
  for (const name of (await readdir(folder, { recursive: true })).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('_journal.json')) continue;
    hash.update(name).update(await readFile(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite data directory as a tarball in the temp directory, made by the first caller. */
function pgliteTemplateBlob(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `telugu-news-pglite-${await templateKey()}.tar`);
    try {
      return await openAsBlob(file);
    } catch {
      const database = await openDatabase({ inMemory: true });
      const dump = await database.dumpDataDir!();
      await database.close();
      // Whole or not at all: another worker may be writing the same file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    }
  })();
  return pgliteTemplate;
}

/** A migrated PGlite database: in memory, or in `dataDir` as the server keeps it (DATA_DIR/db). */
export async function openPgliteCopy(dataDir?: string): Promise<Database> {
  return openDatabase({ inMemory: !dataDir, dataDir, template: await pgliteTemplateBlob() });
}

/** A migrated template database on the test server (made once under a lock, then read only). */
async function pgTemplateName(): Promise<string> {
  const name = `test_template_${await templateKey()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const ready = async () =>
      (await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name])).rowCount === 1;
    if (await ready()) return name;
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await ready()) return name;
      // Left half-made by a run that stopped: start again.
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      await database.close();
      // No connections from now on: a template being read by another session cannot be copied.
      await admin.query(`alter database "${name}" with is_template true allow_connections false`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await admin.end();
  }
}

let pgTemplate: Promise<string> | undefined;

/** A fresh PostgreSQL database, migrated; drop() removes it. */
export async function createMigratedPgDatabase(prefix = 'test') {
  pgTemplate ??= pgTemplateName();
  return createPgDatabase(prefix, { template: await pgTemplate });
}
