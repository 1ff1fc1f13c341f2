// Content version: every write that changes what readers see bumps it, and caches key on it.
// On PostgreSQL the bump travels by NOTIFY, so every instance behind a load balancer sees it.
import type { Database } from './client.ts';

const CHANNEL = 'content_changed';

export function createChangeFeed(database: Database) {
  let version = 0;
  const listeners = new Set<(what: string) => void>();
  const apply = (what: string) => {
    version++;
    for (const fn of listeners) fn(what);
  };
  let subscribed = false;
  return {
    /** Start receiving other instances' changes. */
    async subscribe() {
      if (subscribed) return;
      subscribed = true;
      await database.listen(CHANNEL, apply);
    },
    /** Call after the transaction that changed public content has committed. */
    async contentChanged(what: string) {
      // Local first: on PostgreSQL our own NOTIFY comes back only after this returns, and the
      // writer's very next request must not get a cached page (the echo bumps again, harmlessly).
      apply(what);
      if (subscribed) await database.notify(CHANNEL, what);
    },
    get version() {
      return version;
    },
    onChange(fn: (what: string) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
