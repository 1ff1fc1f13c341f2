// Purges caches in front of the product after every content change this instance writes: the
// change's tags go to every configured purger in the background (a write never waits), a failed
// purge is tried again a few times, then logged and counted (/metrics). A change heard from
// another instance is purged by that instance.
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { mergeNotices } from '../db/changes.ts';
import { createCloudflarePurger, createFastlyPurger, createVarnishPurger, type Purger } from './purgers.ts';
import { purgeTagsOf, tag } from '../../contract/cache-tags.ts';

type Log = { error(message: string, error?: unknown): void };

/** Waits before each new try of a failed purge. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
/**
 * The same tags are purged once more after this: another instance may have answered the cache
 * from before the change reached it (the change feed takes a moment), and that copy must go too.
 */
export const PURGE_AGAIN_MS = 2_000;
/** How often the most-read ranking is checked for a new list (its fragments are then purged). */
const MOST_READ_CHECK_MS = 5_000;

export function purgersOf(config: Config['cdn']): Purger[] {
  return [
    ...config.varnishUrls.map((url) => createVarnishPurger(url, config.purgeToken)),
    ...(config.fastly ? [createFastlyPurger(config.fastly)] : []),
    ...(config.cloudflare ? [createCloudflarePurger(config.cloudflare)] : []),
  ];
}

export function createCdnService({
  purgers,
  changes,
  mostReadGeneration,
  log,
  retryDelaysMs = RETRY_DELAYS_MS,
  againAfterMs = PURGE_AGAIN_MS,
}: {
  purgers: Purger[];
  changes?: Pick<ChangeFeed, 'onWrite'>;
  /** The most-read ranking's generation (server/readership): a new list purges the shared parts. */
  mostReadGeneration?: () => number;
  log: Log;
  retryDelaysMs?: number[];
  againAfterMs?: number;
}) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const wakers = new Set<() => void>();
  let stopped = false;
  const counts = new Map<string, { ok: number; failed: number }>(purgers.map((p) => [p.name, { ok: 0, failed: 0 }]));
  const idleWaiters: (() => void)[] = [];

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }
  /** A pause that `stop()` ends at once. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        wakers.delete(wake);
        resolve();
      };
      wakers.add(wake);
      later(ms, wake);
    });

  // One queue per purger: tags waiting, and whether a purge is under way. Tags that come while one
  // is under way (or retrying) go together in the next.
  const queues = purgers.map((purger) => ({ purger, waiting: new Set<string>(), running: false }));
  const busy = () => queues.some((q) => q.running || q.waiting.size > 0);

  async function run(queue: (typeof queues)[number]) {
    if (queue.running) return;
    queue.running = true;
    try {
      while (queue.waiting.size > 0 && !stopped) {
        const tags = [...queue.waiting];
        queue.waiting.clear();
        const count = counts.get(queue.purger.name)!;
        for (let attempt = 0; ; attempt++) {
          try {
            await queue.purger.purge(tags);
            count.ok++;
            break;
          } catch (error) {
            if (attempt >= retryDelaysMs.length || stopped) {
              count.failed++;
              log.error(`CDN purge failed (${queue.purger.name}) for tags ${tags.join(' ')}`, error);
              break;
            }
            await sleep(retryDelaysMs[attempt]);
          }
        }
      }
    } finally {
      queue.running = false;
      if (!busy()) idleWaiters.splice(0).forEach((fn) => fn());
    }
  }

  /** Sends a purge of `tags` to every purger, in the background. */
  function purge(tags: readonly string[]) {
    if (stopped || tags.length === 0) return;
    for (const queue of queues) {
      for (const tag of tags) queue.waiting.add(tag);
      void run(queue);
    }
  }

  function purgeChange(tags: string[]) {
    purge(tags);
    if (againAfterMs > 0) later(againAfterMs, () => purge(tags));
  }

  let check: ReturnType<typeof setInterval> | undefined;
  if (purgers.length > 0) {
    changes?.onWrite((notices) => purgeChange(purgeTagsOf(mergeNotices(notices))));
    if (mostReadGeneration) {
      let seen = mostReadGeneration();
      check = setInterval(() => {
        const now = mostReadGeneration();
        if (now !== seen) purge([tag.shared]);
        seen = now;
      }, MOST_READ_CHECK_MS);
      check.unref();
    }
  }

  return {
    /** Whether any cache in front is purged: public answers may then be kept long there (`s-maxage`). */
    configured: purgers.length > 0,
    purge,
    /** Purges done and failed (after their retries), by purger. */
    get counts(): ReadonlyMap<string, { ok: number; failed: number }> {
      return counts;
    },
    /** Resolves when no purge is waiting or under way (tests). */
    idle(): Promise<void> {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Ends the timers and retries (the app closing). */
    stop() {
      stopped = true;
      clearInterval(check);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      wakers.forEach((wake) => wake());
    },
  };
}
export type CdnService = ReturnType<typeof createCdnService>;
