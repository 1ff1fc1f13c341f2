// Media storage behind a small interface: a local directory (the default) or an S3-compatible
// bucket (./s3.ts). Names are flat and content-derived (server/media/images.ts), so a name's bytes
// never change: a copy anywhere is as good as the original.
import { lstatSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { createS3MediaStorage } from './s3.ts';

type Common = {
  /** For messages: the folder, or the bucket and its endpoint. */
  readonly where: string;
  put(name: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
  /** Removing a name that is not there is no error. */
  remove(name: string): Promise<void>;
  /** The stored file's length in bytes (what /media serves), or undefined when there is none. */
  size(name: string): Promise<number | undefined>;
  /** Every stored name with its length (a restore's emptiness check, `npm run media:migrate`). */
  list(): Promise<Map<string, number>>;
  /** Lets go of connections (scripts; a server keeps its storage until it exits). */
  close(): void;
};
export type LocalMediaStorage = Common & {
  readonly kind: 'local';
  /** Absolute directory served under /media. */
  readonly dir: string;
};
export type BucketMediaStorage = Common & {
  readonly kind: 's3';
  readonly bucket: string;
  /** What GET /media/<name> streams: the object, a 304 for a matching ETag, or undefined when missing. */
  open(name: string, opts: { ifNoneMatch?: string }): Promise<MediaObject | undefined>;
  /** Throws MediaStorageUnavailable when the bucket cannot be reached (checked at start). */
  check(): Promise<void>;
};
export type MediaStorage = LocalMediaStorage | BucketMediaStorage;
export type MediaObject = {
  status: 200 | 304;
  body: NodeJS.ReadableStream | undefined;
  headers: Record<string, string>;
};

const SAFE_NAME = /^[a-zA-Z0-9._-]+$/;
/** A media name as storage accepts it: flat, no dot files (nothing hidden, no `..`). */
export const isMediaName = (name: string) => SAFE_NAME.test(name) && !name.startsWith('.');

export function checkMediaName(name: string): string {
  if (!isMediaName(name)) throw new Error(`unsafe media name: ${name}`);
  return name;
}

/** The storage the configuration names: the bucket with MEDIA_STORAGE=s3, else DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 'media'>, log?: Pick<Console, 'warn'>): MediaStorage {
  if (config.media.storage === 's3') return createS3MediaStorage(config.media.s3!, { log });
  return createLocalMediaStorage(localMediaDir(config));
}

export const localMediaDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

export function createLocalMediaStorage(dir: string): LocalMediaStorage {
  let ready: Promise<unknown> | undefined;
  const file = (name: string) => path.join(dir, checkMediaName(name));
  return {
    kind: 'local',
    dir,
    where: dir,
    async put(name, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const target = file(name);
      // Write then rename: a reader never sees half a file.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async get(name) {
      try {
        return await readFile(file(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(name) {
      await rm(file(name), { force: true });
    },
    async size(name) {
      try {
        const info = await stat(file(name));
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async list() {
      const found = new Map<string, number>();
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        // A write in progress (`<name>.<random>.tmp`) is not a stored file yet.
        if (!entry.isFile() || !isMediaName(entry.name) || entry.name.endsWith('.tmp')) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => undefined);
        if (info) found.set(entry.name, info.size);
      }
      return found;
    },
    close() {},
  };
}

/**
 * Whether GET /media/<pathname> may be answered from `dir`: media names are flat (no folders) and
 * never links. A link planted in the folder (media/x -> ../db) would otherwise serve whatever it
 * points at, the database's files included.
 */
export function servableMediaPath(dir: string, pathname: string): boolean {
  const name = pathname.replace(/^\/+/, '');
  if (!isMediaName(name)) return false;
  return lstatSync(path.join(dir, name), { throwIfNoEntry: false })?.isSymbolicLink() !== true;
}
