// Media storage behind a small interface, and the names it accepts: a local directory (the default,
// ./local-storage.ts) or an S3-compatible bucket (./s3.ts); ./configured-storage.ts picks the one the
// configuration names. Names are flat and content-derived (server/media/images.ts), so a name's
// bytes never change: a copy anywhere is as good as the original.
import { lstatSync } from 'node:fs';
import path from 'node:path';

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
