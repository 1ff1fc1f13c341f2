// Backup and restore of a whole site: database rows + media files + a manifest, in one .tar.gz.
//
// The database part is our own logical dump, not pg_dump's: every table's rows as JSON lines read
// inside ONE repeatable-read transaction (a single snapshot, so the archive is consistent to one
// moment while readers and writers go on), loaded back with json_populate_recordset after the
// target has been migrated by this code's own migrations. That one format restores into PGlite
// (PostgreSQL 17) and a PostgreSQL 15 server alike, which pg_dump's output does not (its SET lines
// and COPY ... FROM stdin differ by version and PGlite cannot read stdin), so an embedded newsroom
// can move to PostgreSQL and back.
//
// Media: images are content-addressed and never rewritten, so copying the files the dumped
// `images` rows name gives the media of the same moment, from the local folder or the bucket
// (MEDIA_STORAGE=s3) alike; a restore puts them into whichever storage the target uses, so an
// archive moves a site between the two (docs/operations.md).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, link, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Database, DbOrTx } from '../db/client.ts';
import { shareName, variantName } from '../media/images.ts';
import type { MediaStorage } from '../media/storage.ts';

export const BACKUP_FORMAT = 'telugu-news-backup';
export const BACKUP_FORMAT_VERSION = 1;
/**
 * Sessions are not backed up: a restored site asks everyone to sign in again. Search words and
 * the title copies are derived from the articles and rebuilt by their triggers as the articles load.
 */
const SKIPPED_TABLES = new Set(['sessions', 'search_words', 'article_titles']);
const PAGE_ROWS = 2000;

export type ManifestFile = { path: string; bytes: number; sha256: string };
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The moment the archive is consistent to (the snapshot's start, ISO 8601). */
  snapshotAt: string;
  engine: 'pglite' | 'postgres';
  /** Migrations applied to the source: a restore refuses an archive newer than its code. */
  migrations: number;
  /** Rows per table and the main counts, for a human reading the manifest. */
  tables: Record<string, { rows: number; columns: string[]; file: string }>;
  counts: { articles: number; approvedArticles: number; users: number; images: number; mediaFiles: number };
  /** Image files the rows name but that were gone when copied (deleted after the moment). */
  missingMedia: string[];
  /** Where the media came from (a record for the operator; a restore writes to its own storage). Absent in older archives. */
  mediaStorage?: { kind: 'local' } | { kind: 's3'; bucket: string };
  files: ManifestFile[];
};

export class BackupError extends Error {}

/**
 * Backups hold password hashes and two-step sign-in secrets: folders this code creates for them
 * are the owner's alone (0700), and so is every archive (0600).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The paths an archive may name: db/<table>.jsonl and media/<file>, one level, no dot files. */
const ARCHIVE_PATH = /^(db|media)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const journalPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/meta/_journal.json');
async function codeMigrations(): Promise<number> {
  return (JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] }).entries.length;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function query<T>(db: DbOrTx, text: string): Promise<T[]> {
  return rowsOf<T>(await db.execute(sql.raw(text)));
}

/** Our tables (schema public), parents before children so rows load without breaking keys. */
async function tablesInLoadOrder(db: DbOrTx): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      db,
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.name);
  const edges = await query<{ child: string; parent: string }>(
    db,
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, trail: Set<string>) => {
    if (seen.has(t) || trail.has(t)) return;
    trail.add(t);
    for (const e of edges) if (e.child === t) visit(e.parent, trail);
    seen.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function primaryKey(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = 'public.${ident(table).replace(/'/g, "''")}'::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`,
  );
  return rows.map((r) => r.name);
}

/** The columns a restore writes: generated ones (articles.search_title) are the database's to compute. */
async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = '${table.replace(/'/g, "''")}' and is_generated = 'NEVER'
     order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

const literal = (v: unknown) =>
  v === null || v === undefined ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `lines` to a file, honouring back-pressure. */
function lineWriter(file: string) {
  const out = createWriteStream(file);
  return {
    async write(line: string) {
      if (!out.write(line + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
    },
    end: () => new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve()))),
  };
}

export type BackupOptions = { database: Database; media: MediaStorage; out: string };

/**
 * Writes the archive to `out` (via `out.partial` and a rename, so a half-written archive never has
 * the final name). Readers and writers go on meanwhile: on PostgreSQL the dump reads one snapshot
 * beside them; on PGlite (one connection) their queries wait for the dump's transaction.
 */
export async function createBackup({ database, media, out }: BackupOptions): Promise<BackupManifest> {
  out = path.resolve(out);
  await mkdir(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE });
  // Everything, the archive too until its rename, is written inside a folder only the owner opens.
  const staging = path.join(path.dirname(out), `.backup-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: PRIVATE_DIR_MODE });
  await mkdir(path.join(staging, 'db'));
  await mkdir(path.join(staging, 'media'));
  try {
    const dumped = await database.db.transaction(
      async (tx) => {
        // The first statement fixes the snapshot; transaction_timestamp() is when it began.
        const [moment] = await query<{ at: string }>(
          tx,
          `select to_char(transaction_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
        );
        const migrations = await query<{ n: number }>(tx, `select count(*)::int as n from drizzle.__drizzle_migrations`).catch(
          () => [{ n: 0 }],
        );
        const tables: BackupManifest['tables'] = {};
        const imageKeys = new Map<string, number[]>();
        for (const table of await tablesInLoadOrder(tx)) {
          if (SKIPPED_TABLES.has(table)) continue;
          const columns = await columnsOf(tx, table);
          const key = await primaryKey(tx, table);
          const file = `db/${table}.jsonl`;
          const writer = lineWriter(path.join(staging, file));
          let rows = 0;
          let last: unknown[] | undefined;
          // Keyset pages over the primary key, all inside the same snapshot.
          for (;;) {
            const keyList = key.map(ident).join(', ');
            const where = last && key.length ? `where (${keyList}) > (${last.map(literal).join(', ')})` : '';
            const page = await query<Record<string, unknown> & { j: string }>(
              tx,
              `select row_to_json(t)::text as j${key.length ? ', ' + key.map((k) => `t.${ident(k)} as ${ident('k_' + k)}`).join(', ') : ''}
               from public.${ident(table)} t ${where} ${key.length ? `order by ${keyList} limit ${PAGE_ROWS}` : ''}`,
            );
            for (const row of page) {
              await writer.write(row.j);
              if (table === 'images') {
                const image = JSON.parse(row.j) as { key: string; variant_widths: number[] };
                imageKeys.set(image.key, image.variant_widths);
              }
            }
            rows += page.length;
            if (!key.length || page.length < PAGE_ROWS) break;
            last = key.map((k) => page[page.length - 1][`k_${k}`]);
          }
          await writer.end();
          tables[table] = { rows, columns, file };
        }
        const [counts] = await query<{ articles: number; approved: number; users: number; images: number }>(
          tx,
          `select (select count(*)::int from articles) as articles,
                  (select count(*)::int from articles where approval_status = 'APPROVED') as approved,
                  (select count(*)::int from users) as users, (select count(*)::int from images) as images`,
        );
        return { snapshotAt: moment.at, migrations: migrations[0]?.n ?? 0, tables, imageKeys, counts };
      },
      // PGlite has one session, so any transaction is one moment; PostgreSQL needs the level.
      database.engine === 'postgres' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
    );

    // The files of the dumped image rows. Immutable, so a hard link is a copy of that moment.
    const missingMedia: string[] = [];
    let mediaFiles = 0;
    for (const [key, widths] of dumped.imageKeys) {
      for (const name of [...widths.map((w) => variantName(key, w)), shareName(key)]) {
        if (await copyOut(media, name, path.join(staging, 'media', name))) mediaFiles++;
        // The share picture is optional (ads have none); a missing variant is worth a line.
        else if (!name.endsWith('-share.jpg')) missingMedia.push(name);
      }
    }

    const files: ManifestFile[] = [];
    for (const dir of ['db', 'media']) {
      for (const name of (await readdir(path.join(staging, dir))).sort()) {
        const rel = `${dir}/${name}`;
        const full = path.join(staging, rel);
        files.push({ path: rel, bytes: (await stat(full)).size, sha256: await sha256File(full) });
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      snapshotAt: dumped.snapshotAt,
      engine: database.engine,
      migrations: dumped.migrations,
      tables: dumped.tables,
      counts: {
        articles: dumped.counts.articles,
        approvedArticles: dumped.counts.approved,
        users: dumped.counts.users,
        images: dumped.counts.images,
        mediaFiles,
      },
      missingMedia,
      mediaStorage: media.kind === 's3' ? { kind: 's3', bucket: media.bucket } : { kind: 'local' },
      files,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1));
    const partial = path.join(staging, 'archive.partial');
    await tar.create({ gzip: true, cwd: staging, file: partial, portable: true }, ['manifest.json', 'db', 'media']);
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Copies one stored file to `to`; false when it is not stored. */
async function copyOut(media: MediaStorage, name: string, to: string): Promise<boolean> {
  if (media.kind === 's3') {
    const data = await media.get(name);
    if (data) await writeFile(to, data);
    return data !== undefined;
  }
  const from = path.join(media.dir, name);
  try {
    await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return;
      if (error.code === 'ENOENT') throw error;
      await copyFile(from, to);
    });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return false;
  }
}

/**
 * Unpacks and checks an archive; throws BackupError with a sentence a person can act on. Only
 * regular files and folders are unpacked, and only the files the manifest lists are accepted
 * (each checked with lstat, never through a link): an archive holding a link, a device or an
 * unlisted file is refused whole, naming it.
 */
export async function readBackup(file: string, into: string): Promise<BackupManifest> {
  const damaged = (why: string) =>
    new BackupError(`The backup archive ${file} is damaged or incomplete (${why}); nothing was restored.`);
  const refused = (why: string) => new BackupError(`The backup archive ${file} ${why}; nothing was restored.`);
  try {
    await stat(file);
  } catch {
    throw new BackupError(`No backup archive at ${file}.`);
  }
  await mkdir(into, { recursive: true, mode: PRIVATE_DIR_MODE });
  const foreign: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      // A link (media/x -> ../db) restored into the media folder would serve whatever it points at.
      filter: (name, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type === 'File' || type === 'OldFile' || type === 'ContiguousFile' || type === 'Directory') return true;
        foreign.push(
          `${name.replace(/\/$/, '')} (${type === 'SymbolicLink' ? 'a symbolic link' : type === 'Link' ? 'a hard link' : type})`,
        );
        return false;
      },
    });
  } catch (error) {
    throw damaged((error as Error).message);
  }
  if (foreign.length) throw refused(`holds ${foreign.join(', ')}: a backup holds only regular files and folders`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(into, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw damaged('no readable manifest.json');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files) || typeof manifest.tables !== 'object')
    throw new BackupError(`${file} is not a backup made by this application.`);
  if (manifest.version > BACKUP_FORMAT_VERSION)
    throw new BackupError(`${file} was made by a newer version of this application (format ${manifest.version}).`);
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    if (typeof entry?.path !== 'string' || !ARCHIVE_PATH.test(entry.path))
      throw refused(`lists ${JSON.stringify(entry?.path)}, which is not a file a backup holds`);
    listed.add(entry.path);
    const full = path.join(into, entry.path);
    const present = await lstat(full).catch(() => undefined);
    if (!present) throw damaged(`${entry.path} is missing`);
    if (!present.isFile()) throw refused(`holds ${entry.path}, which is not a regular file`);
    if (present.size !== entry.bytes || (await sha256File(full)) !== entry.sha256)
      throw damaged(`${entry.path} does not match its checksum`);
  }
  for (const [table, entry] of Object.entries(manifest.tables))
    if (!listed.has(entry.file)) throw damaged(`the rows of ${table} (${entry.file}) are not among its files`);
  // Nothing else: anything the manifest does not list is refused, not carried along.
  const unlisted: string[] = [];
  for (const name of await readdir(into)) {
    if (name === 'manifest.json') continue;
    const info = await lstat(path.join(into, name));
    if (!info.isDirectory() || (name !== 'db' && name !== 'media')) {
      unlisted.push(name);
      continue;
    }
    for (const inner of await readdir(path.join(into, name)))
      if (!listed.has(`${name}/${inner}`)) unlisted.push(`${name}/${inner}`);
  }
  if (unlisted.length) throw refused(`holds ${unlisted.join(', ')}, which its manifest does not list`);
  return manifest;
}

async function hasRows(db: DbOrTx, table: string) {
  const [row] = await query<{ any: boolean }>(db, `select exists (select 1 from public.${ident(table)}) as any`);
  return row.any;
}

/** What a restore target already holds: tables with rows (none without a database), and media files. */
export async function targetContents(db: DbOrTx | undefined, storage: MediaStorage) {
  const busy: string[] = [];
  if (db) for (const t of await tablesInLoadOrder(db)) if (await hasRows(db, t)) busy.push(t);
  // Anything in the folder counts (a planted link or folder too); in a bucket, its objects.
  const media =
    storage.kind === 'local'
      ? (await readdir(storage.dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.'))
      : [...(await storage.list()).keys()];
  return { busy, media, bucket: storage.kind === 's3' ? storage.bucket : undefined };
}

export const targetNotEmpty = ({ busy, media, bucket }: { busy: string[]; media: string[]; bucket?: string }) =>
  new BackupError(
    `The target is not empty (${busy.length ? `rows in ${busy.join(', ')}` : ''}${busy.length && media.length ? '; ' : ''}${media.length ? `${media.length} media files` : ''}): restore into an empty DATA_DIR or database${bucket ? ` (with the bucket "${bucket}" empty)` : ''}, or pass --force to replace it.`,
  );

export type RestoreOptions = {
  file: string;
  database: Database;
  /** Where the media goes: the target's own storage (its folder, or its bucket with MEDIA_STORAGE=s3). */
  media: MediaStorage;
  /** Replace what the target holds instead of refusing a non-empty one. */
  force?: boolean;
  /** Where to unpack (default: the system's temporary folder, TMPDIR). */
  workDir?: string;
  /** An archive already unpacked and checked by readBackup (restoreSite checks before opening anything). */
  unpacked?: { dir: string; manifest: BackupManifest };
};

/** Refuses an archive made by a newer version of the code (more migrations than this one has). */
export async function checkMigrations(manifest: BackupManifest) {
  const known = await codeMigrations();
  if (manifest.migrations > known)
    throw new BackupError(
      `The backup was made by a newer version of this application (${manifest.migrations} migrations, this one has ${known}): upgrade first.`,
    );
}

/**
 * Loads an archive into a migrated database and its media storage. The target must be empty
 * (no rows in any table, no media files) unless `force`. The rows load in one transaction, so a
 * failed restore leaves the database as it was.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<BackupManifest> {
  const { database, media } = opts;
  const work = opts.unpacked?.dir ?? path.join(opts.workDir ?? os.tmpdir(), `.restore-${randomBytes(6).toString('hex')}`);
  try {
    const manifest = opts.unpacked?.manifest ?? (await readBackup(path.resolve(opts.file), work));
    await checkMigrations(manifest);
    const db = database.db;
    const order = await tablesInLoadOrder(db);
    const present = await targetContents(db, media);
    const { busy, media: mediaPresent } = present;
    if ((busy.length || mediaPresent.length) && !opts.force) throw targetNotEmpty(present);
    await db.transaction(async (tx) => {
      if (busy.length)
        await tx.execute(sql.raw(`truncate ${order.map((t) => `public.${ident(t)}`).join(', ')} restart identity cascade`));
      for (const table of order) {
        const entry = manifest.tables[table];
        if (!entry) continue;
        const target = new Set(await columnsOf(tx, table));
        // Columns the archive has and this schema knows; the others take their defaults.
        const columns = entry.columns
          .filter((c) => target.has(c))
          .map(ident)
          .join(', ');
        let batch: string[] = [];
        let bytes = 0;
        const flush = async () => {
          if (!batch.length) return;
          await tx.execute(
            sql`${sql.raw(`insert into public.${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::public.${ident(table)},`)} ${`[${batch.join(',')}]`}::json)`,
          );
          batch = [];
          bytes = 0;
        };
        const lines = readline.createInterface({ input: createReadStream(path.join(work, entry.file)), crlfDelay: Infinity });
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          bytes += line.length;
          if (batch.length >= 1000 || bytes > 4_000_000) await flush();
        }
        await flush();
      }
      // Serial columns continue after the restored ids.
      const serials = await query<{ t: string; c: string }>(
        tx,
        `select table_name as t, column_name as c from information_schema.columns
         where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
      );
      for (const { t, c } of serials) {
        const seq = `pg_get_serial_sequence('public.${ident(t).replace(/'/g, "''")}', '${c.replace(/'/g, "''")}')`;
        await tx.execute(
          sql.raw(`select setval(${seq}, coalesce((select max(${ident(c)}) from public.${ident(t)}), 0) + 1, false)`),
        );
      }
    });
    if (media.kind === 'local') {
      for (const name of mediaPresent) await rm(path.join(media.dir, name), { force: true, recursive: true });
      await mkdir(media.dir, { recursive: true });
    }
    // Only the media files the manifest lists, each checked by readBackup to be a regular file.
    const restored = new Set<string>();
    for (const entry of manifest.files) {
      if (!entry.path.startsWith('media/')) continue;
      const name = entry.path.slice('media/'.length);
      restored.add(name);
      const from = path.join(work, entry.path);
      // MEDIA_STORAGE=s3: into the bucket, nothing under DATA_DIR/media.
      if (media.kind === 's3') await media.put(name, await readFile(from));
      else await rename(from, path.join(media.dir, name)).catch(() => copyFile(from, path.join(media.dir, name)));
    }
    // A bucket's objects beyond the archive go afterwards, so instances still serving never lack a picture they show.
    if (media.kind === 's3') for (const name of mediaPresent) if (!restored.has(name)) await media.remove(name);
    await database.maintain();
    return manifest;
  } finally {
    // A failed extraction may still be closing files: retry the clean-up briefly.
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** `backup-2026-11-23T21-40-00Z.tar.gz`: sorts by time. */
export const backupFileName = (at = new Date()) =>
  `backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;

/** Deletes the oldest scheduled backups in `dir` beyond the newest `keep`. */
export async function pruneBackups(dir: string, keep: number) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^backup-.*\.tar\.gz$/.test(n)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, name), { force: true });
}
