// Content version: every write that changes what readers see bumps it, and caches key on it.
// On PostgreSQL the bump travels by NOTIFY, so every instance behind a load balancer sees it.
import { z } from 'zod';
import type { Database } from './client.ts';

const CHANNEL = 'content_changed';

/**
 * What a write changed, so that page caches drop only what it can affect. Articles: their own
 * pages, the listings of every category they are or were in (and article pages of those
 * categories, which list related and latest news), the home page and search pages.
 * `undefined` (or a bare label): anything may have changed.
 */
export type ContentChange = { articles: number[]; categories: number[] };

const ChangeSchema = z.object({ articles: z.array(z.number().int()), categories: z.array(z.number().int()) });

/** The NOTIFY payload: JSON for a targeted change, anything else means "everything". */
export function parseChange(payload: string): ContentChange | undefined {
  if (!payload.startsWith('{')) return undefined;
  try {
    const parsed = ChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createChangeFeed(database: Database) {
  let version = 0;
  const listeners = new Set<(change: ContentChange | undefined) => void>();
  const apply = (change: ContentChange | undefined) => {
    version++;
    for (const fn of listeners) fn(change);
  };
  let subscribed = false;
  return {
    /** Start receiving other instances' changes. */
    async subscribe() {
      if (subscribed) return;
      subscribed = true;
      await database.listen(CHANNEL, (payload) => apply(parseChange(payload)));
    },
    /**
     * Call after the transaction that changed public content has committed. With no argument
     * (or a label such as 'ads') every cached page goes; with `{articles, categories}` only the
     * pages those articles can appear on.
     */
    async contentChanged(change?: ContentChange | string) {
      const targeted = typeof change === 'object' ? change : undefined;
      // Local first: on PostgreSQL our own NOTIFY comes back only after this returns, and the
      // writer's very next request must not get a cached page (the echo bumps again, harmlessly).
      apply(targeted);
      if (subscribed)
        await database.notify(CHANNEL, targeted ? JSON.stringify(targeted) : typeof change === 'string' ? change : 'all');
    },
    get version() {
      return version;
    },
    onChange(fn: (change: ContentChange | undefined) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
