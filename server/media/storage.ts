// Media storage behind a small interface; the local directory is the default backend.
import { lstatSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type MediaStorage = {
  /** Absolute directory served under /media (local backend). */
  readonly dir: string;
  put(name: string, data: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  /** The stored file's length in bytes (what /media serves), or undefined when there is none. */
  size(name: string): Promise<number | undefined>;
};

const SAFE_NAME = /^[a-zA-Z0-9._-]+$/;

export function createLocalMediaStorage(dir: string): MediaStorage {
  let ready: Promise<unknown> | undefined;
  const check = (name: string) => {
    if (!SAFE_NAME.test(name) || name.startsWith('.')) throw new Error(`unsafe media name: ${name}`);
    return path.join(dir, name);
  };
  return {
    dir,
    async put(name, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const target = check(name);
      // Write then rename: a reader never sees half a file.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async remove(name) {
      await rm(check(name), { force: true });
    },
    async size(name) {
      try {
        const info = await stat(check(name));
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/**
 * Whether GET /media/<pathname> may be answered from `dir`: media names are flat (no folders) and
 * never links. A link planted in the folder (media/x -> ../db) would otherwise serve whatever it
 * points at, the database's files included.
 */
export function servableMediaPath(dir: string, pathname: string): boolean {
  const name = pathname.replace(/^\/+/, '');
  if (!SAFE_NAME.test(name) || name.startsWith('.')) return false;
  return lstatSync(path.join(dir, name), { throwIfNoEntry: false })?.isSymbolicLink() !== true;
}
