// The page cache: a public reading page's HTML is the same for every reader, anonymous or signed
// in (signed-in state is filled in by the browser), so one render serves everyone until a change
// that can affect that page. Which pages are cached, under which query parameters and with which
// tags is declared by each route beside its loader (app/lib/cache-policy.ts, contract/cache-tags.ts).
// Here: the key of a request, renders shared while under way, and what of a response is stored.
import { tag } from '../../../contract/cache-tags.ts';
import { cutAtSlots, newCachedPage, type CachedPage } from './page.ts';
import type { RenderCache } from './store.ts';

/** Headers that belong to one response, never to a stored copy served to someone else. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
  'cache-control',
  'etag',
]);

/**
 * The key of a page: its canonical address (server/http/canonical.ts) and the Save-Data variant
 * (smaller pictures). The Host header is not part of it (pages are written with PUBLIC_URL), so
 * made-up hosts cannot fill the cache.
 */
export const pageKeyOf = (address: string, savesData: boolean) => `${address}${savesData ? '#save-data' : ''}`;

/** A render under way that readers of the same key may wait for. */
export type Render = {
  /** The content version the render started at: stored only if it still holds. */
  version: number;
  /** Hands the stored page (or null: not storable) to whoever waits. */
  share(page: CachedPage | null): void;
  /** Ends the render's turn (after it was shared or failed). */
  end(): void;
};

export function createPageCache(store: RenderCache) {
  // Renders under way, by key: when the cache has just been emptied, the readers of the home page
  // wait for one render instead of starting one each (only a render of the current version is shared).
  const inflight = new Map<string, { version: number; page: Promise<CachedPage | null> }>();

  return {
    store,
    /** The stored page of a key. */
    get: (key: string) => store.get(key),

    /** The page a render of this content version under way will store, if one is. */
    renderUnderWay(key: string, version: number): Promise<CachedPage | null> | null {
      const shared = inflight.get(key);
      return shared && shared.version === version ? shared.page : null;
    },

    /** A render starting at `version`; readers of the key wait for it when `shared`. */
    begin(key: string, version: number, shared: boolean): Render {
      let share: (page: CachedPage | null) => void = () => {};
      const mine = { version, page: new Promise<CachedPage | null>((resolve) => (share = resolve)) };
      if (shared) inflight.set(key, mine);
      return {
        version,
        share: (page) => share(page),
        end() {
          if (inflight.get(key) === mine) inflight.delete(key);
        },
      };
    },

    /**
     * Stores a rendered response's page under `key`: its headers that hold for everyone, the tags
     * its loaders named (a page whose loaders name nothing goes on any change) and, for HTML, its
     * own part cut where the shared parts go (`fragment`: the parts it was rendered with).
     */
    keep(key: string, render: Render, response: Response, body: Buffer, tags: readonly string[], fragment: string) {
      const headers = [...response.headers].filter(([name]) => !PER_RESPONSE.has(name));
      const page = newCachedPage(response.status, headers, body);
      page.tags = tags.length ? [...tags] : [tag.any];
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        page.own = cutAtSlots(page.body);
        page.fragment = fragment;
      }
      store.set(key, page, render.version, page.tags);
      render.share(page);
      return page;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
