// What every domain service is given: the infrastructure, made once by the composition root
// (./services.ts). A module of its own so that a service's types do not lead back to the root,
// which imports every service.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { ChangeFeed } from './db/changes.ts';
import type { MediaStorage } from './media/storage.ts';
import type { ImagePipeline } from './media/images.ts';
import type { SessionStore } from './auth/sessions.ts';

/** Infrastructure every domain service may use. */
export type ServiceDeps = {
  config: Config;
  database: Database;
  db: Db;
  changes: ChangeFeed;
  storage: MediaStorage;
  images: ImagePipeline;
  sessions: SessionStore;
  log: FastifyBaseLogger | Console;
  /** The time as the rules see it; tests replace `now` to reach a scheduled moment without sleeping. */
  clock: Clock;
};
export type Clock = { now(): Date };
