// Content version and change notices. Every write that changes what readers see runs through
// `changes.write(...)`: the work names what it changed with typed notices, and they are announced
// once, after the transaction commits (never after a rollback). Announcing bumps the version that
// caches key on and tells the listeners what changed; on PostgreSQL it travels by NOTIFY, so every
// instance behind a load balancer sees it.
import { z } from 'zod';
import type { Database, Tx } from './client.ts';

const CHANNEL = 'content_changed';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const PAYLOAD_MAX = 7900;

/**
 * What a change means for cached pages: articles, their own pages, the listings of every category
 * they are or were in (and article pages of those categories, which list related and latest
 * news), the home page and search pages. `undefined` to a listener: anything may have changed.
 */
export type ContentChange = { articles: number[]; categories: number[] };

/** Site-wide changes: every page may show them (the ticker, the navigation bar, ads, names...). */
export const SITE_CHANGES = [
  /** Breaking news set, cleared or expired: the ticker and the home banner. */
  'breaking',
  'categories',
  'navigation',
  'featured',
  'about',
  'ads',
  /** Articles moved to another reporter: reporter names on their pages. */
  'reporters',
  /** A WordPress import added articles. */
  'import',
  /** The demo or archive seed wrote content. */
  'seed',
  /** The search index was filled in (search pages may now find more). */
  'search-index',
] as const;
export type SiteChange = (typeof SITE_CHANGES)[number];

/** One thing a write changed, as its service names it. */
export type ChangeNotice = ({ kind: 'articles' } & ContentChange) | { kind: SiteChange };

/** Collects the notices of one write; they are announced once the transaction has committed. */
export type Notice = (notice: ChangeNotice) => void;

export type ChangeListener = (change: ContentChange | undefined, notices: readonly ChangeNotice[]) => void;

const ChangeSchema = z.object({ articles: z.array(z.number().int()), categories: z.array(z.number().int()) });
const NoticeSchema = z.union([ChangeSchema.extend({ kind: z.literal('articles') }), z.object({ kind: z.enum(SITE_CHANGES) })]);
const SiteWideSchema = z.object({ notices: z.array(NoticeSchema) });

/** The notices of one write as one change: the union of the articles named, or everything. */
export function mergeNotices(notices: readonly ChangeNotice[]): ContentChange | undefined {
  if (notices.length === 0 || notices.some((n) => n.kind !== 'articles')) return undefined;
  const articles = new Set<number>();
  const categories = new Set<number>();
  for (const n of notices as ({ kind: 'articles' } & ContentChange)[]) {
    for (const id of n.articles) articles.add(id);
    for (const id of n.categories) categories.add(id);
  }
  return { articles: [...articles], categories: [...categories] };
}

/**
 * The NOTIFY payload. A targeted change is `{articles, categories}` (what instances before typed
 * notices sent too); a site-wide one is `{notices: [...]}`, which such an instance reads as
 * "everything", as it does any other text.
 */
export function payloadOf(notices: readonly ChangeNotice[]): string {
  const change = mergeNotices(notices);
  const payload = JSON.stringify(change ?? { notices });
  // Too long for NOTIFY (an import of thousands): other instances drop everything instead.
  return payload.length < PAYLOAD_MAX ? payload : 'all';
}

/** Reads a NOTIFY payload: the change it means and its notices (none known: an older instance's label). */
export function parsePayload(payload: string): { change: ContentChange | undefined; notices: ChangeNotice[] } {
  if (!payload.startsWith('{')) return { change: undefined, notices: [] };
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { change: undefined, notices: [] };
  }
  const targeted = ChangeSchema.safeParse(json);
  if (targeted.success) return { change: targeted.data, notices: [{ kind: 'articles', ...targeted.data }] };
  const siteWide = SiteWideSchema.safeParse(json);
  return { change: undefined, notices: siteWide.success ? siteWide.data.notices : [] };
}

export function createChangeFeed(
  database: Database,
  { log = console }: { log?: { warn(message: string, error: unknown): void } } = {},
) {
  let version = 0;
  const listeners = new Set<ChangeListener>();
  const writeListeners = new Set<(notices: readonly ChangeNotice[]) => void>();
  const apply = (change: ContentChange | undefined, notices: readonly ChangeNotice[]) => {
    version++;
    for (const fn of listeners) fn(change, notices);
  };
  let subscribed = false;

  async function send(payload: string) {
    if (!subscribed) return;
    try {
      await database.notify(CHANNEL, payload);
    } catch (error) {
      // The write has committed: other instances catch up at their next change; the caller's act stands.
      log.warn('change feed: could not notify other instances', error);
    }
  }

  /**
   * Announces what committed work changed: the version moves and every listener hears it here
   * first (the writer's very next request must not get a cached page), then other instances.
   */
  async function announce(notices: readonly ChangeNotice[]) {
    if (notices.length === 0) return;
    apply(mergeNotices(notices), notices);
    for (const fn of writeListeners) {
      try {
        fn(notices);
      } catch (error) {
        log.warn('change feed: a write listener failed', error);
      }
    }
    await send(payloadOf(notices));
  }

  return {
    /** Start receiving other instances' changes (our own come back too: one more bump, harmless). */
    async subscribe() {
      if (subscribed) return;
      subscribed = true;
      await database.listen(
        CHANNEL,
        (payload) => {
          const { change, notices } = parsePayload(payload);
          apply(change, notices);
        },
        // Back after a database restart: other instances' changes meanwhile were not heard.
        () => apply(undefined, []),
      );
    },

    /**
     * The write helper: runs `work` in one transaction; the notices it gives `notice` are announced
     * once, merged, after the commit. A rollback (an error thrown) announces nothing.
     */
    async write<T>(work: (tx: Tx, notice: Notice) => Promise<T>): Promise<T> {
      const collected: ChangeNotice[] = [];
      let open = true;
      const notice: Notice = (n) => {
        if (!open) throw new Error('A change notice was given after its transaction ended.');
        collected.push(n);
      };
      let result: T;
      try {
        result = await database.db.transaction((tx) => work(tx, notice));
      } finally {
        open = false;
      }
      await announce(collected);
      return result;
    },

    /**
     * Announces notices of work that is not one transaction (an import, a seed, a backfill):
     * call it once the work has finished.
     */
    announce: (...notices: ChangeNotice[]) => announce(notices),

    /**
     * A change written past the services (a test's fixture rows): with `{articles, categories}`
     * only those pages go, otherwise every cached page. Services use `write` instead.
     */
    async contentChanged(change?: ContentChange | string) {
      if (typeof change === 'object') return announce([{ kind: 'articles', ...change }]);
      apply(undefined, []);
      await send('all');
    },

    get version() {
      return version;
    },

    /** `fn(change, notices)` after every change: targeted, or `undefined` meaning anything may have changed. */
    onChange(fn: ChangeListener) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /**
     * `fn(notices)` after each change this instance announces, not those heard from other
     * instances: for work done once per change, such as purging the caches in front (server/cdn/).
     */
    onWrite(fn: (notices: readonly ChangeNotice[]) => void) {
      writeListeners.add(fn);
      return () => writeListeners.delete(fn);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
