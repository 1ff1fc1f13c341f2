// The media storage the configuration names (MEDIA_STORAGE): apart from the interface
// (./storage.ts), which both implementations import.
import type { Config } from '../config.ts';
import type { MediaStorage } from './storage.ts';
import { createLocalMediaStorage, localMediaDir } from './local-storage.ts';
import { createS3MediaStorage } from './s3.ts';

/** The storage the configuration names: the bucket with MEDIA_STORAGE=s3, else DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 'media'>, log?: Pick<Console, 'warn'>): MediaStorage {
  if (config.media.storage === 's3') return createS3MediaStorage(config.media.s3!, { log });
  return createLocalMediaStorage(localMediaDir(config));
}
