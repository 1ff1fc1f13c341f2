// Media in a local directory, DATA_DIR/media by default, served under /media (./serving.ts).
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { checkMediaName, isMediaName, type LocalMediaStorage } from './storage.ts';

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
