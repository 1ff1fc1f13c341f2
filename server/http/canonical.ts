// One address per page. React Router matches paths case-insensitively, decodes percent-encoding
// and ignores a trailing slash, and the loaders read ids, slugs and `?page=N` leniently, so many
// spellings reach one page (`/PUBLIC/Articles/002/`, `/article/%32`, `/?utm=1`). Caches key on the
// address as sent, so each spelling was a render and an entry of its own, and enough of them
// evicted every real page. The SSR adapter (server/http/ssr.ts) answers any other spelling with a
// 301 to the page's canonical address before it looks in the page cache; only that address is
// rendered, stored and keyed on (here and in Varnish or a CDN, which follow the redirect).
import { toId } from '../../contract/http.ts';
import { listPages, NEXT_PARAM } from '../../contract/site.ts';
import type { CachePolicy } from '../../contract/cache-tags.ts';

/** The part of React Router's matches the canonical address is made from. */
export type PageMatch = { params: Record<string, string | undefined>; route: { id?: string; path?: string } };

/**
 * Path parameters by name, as their loaders read them (the value decoded; null: it names nothing,
 * so the page is a 404 and has no address to send the reader to).
 */
const PATH_PARAMS: Record<string, (value: string) => string | null> = {
  // contract/http.ts's id, with leading zeros a reader may type (`/article/007`) sent to the id itself.
  id: (value) => {
    const id = /^\d+$/.test(value) ? toId(value.replace(/^0+/, '')) : 0;
    return id ? String(id) : null;
  },
  // Usernames are looked up without regard to case (server/authors): the address is lower-case.
  username: (value) => value.toLowerCase(),
  // Tag slugs are NFC (contract/tags.ts), and looked up after NFC normalisation.
  slug: (value) => value.normalize('NFC'),
};

/** Query parameters by name, as the loaders read them; an empty result leaves the parameter out. */
const QUERY_PARAMS: Record<string, (value: string) => string> = {
  // `?page=N` renders pages 0..N, capped (contract/site.ts); 0 is the plain page.
  page: (value) => String(listPages(value) - 1).replace(/^0$/, ''),
  // The search page trims its query; an empty one shows the empty search page.
  query: (value) => value.trim(),
};

/**
 * Parameters only the browser reads: the sign-in's return address (the guard sends a signed-out
 * reader to `/?next=...`) and the tracking tags of links from elsewhere (`utm_*`, `fbclid`,
 * `gclid`), which the audience figures take from the address bar. The page's HTML does not depend
 * on them, so they stay on the address as sent (no redirect) and are left out of the cache key,
 * here and in the shipped VCL's hash (deploy/varnish/default.vcl).
 */
export const isBrowserParam = (name: string) =>
  name === NEXT_PARAM || name.startsWith('utm_') || name === 'fbclid' || name === 'gclid';

/** A query's `name=value` pairs as sent, split into the page's and the browser's own. */
function splitBrowserParams(query: string) {
  const pairs = query.split('&').filter((pair) => pair !== '');
  const isBrowsers = (pair: string) => isBrowserParam(pair.split('=')[0]);
  return { page: pairs.filter((pair) => !isBrowsers(pair)), browser: pairs.filter(isBrowsers) };
}

/** The address a cached page is stored under: its canonical address without the browser's parameters. */
export function cacheKeyOf(address: string): string {
  const at = address.indexOf('?');
  if (at < 0) return address;
  const { page } = splitBrowserParams(address.slice(at + 1));
  return page.length ? `${address.slice(0, at)}?${page.join('&')}` : address.slice(0, at);
}

/** Single fetch's data request for a page (React Router 8): `/x.data`, and `/_.data` for `/`. */
export const isDataRequest = (pathname: string) => pathname.endsWith('.data');
export const pagePathOf = (pathname: string) =>
  pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '');
const dataPathOf = (pagePath: string) => (pagePath === '/' ? '/_.data' : `${pagePath}.data`);

/** The page's path rebuilt from the routes' declared patterns; null for a catch-all or unnamed page. */
function canonicalPath(matches: readonly PageMatch[]): string | null {
  const params = matches.at(-1)?.params ?? {};
  const segments: string[] = [];
  for (const { route } of matches) {
    for (const part of (route.path ?? '').split('/')) {
      if (part === '') continue;
      if (part.includes('*')) return null;
      if (!part.startsWith(':')) {
        segments.push(part);
        continue;
      }
      const name = part.slice(1).replace(/\?$/, '');
      const raw = params[name];
      if (raw === undefined && part.endsWith('?')) continue;
      const rule = PATH_PARAMS[name];
      const value = raw === undefined ? null : rule ? rule(raw) : raw;
      if (value === null || value === '') return null;
      segments.push(encodeURIComponent(value));
    }
  }
  return `/${segments.join('/')}`;
}

/**
 * The query of a cached page: only the parameters its route reads (one value each, in the order it
 * declares them), each in its canonical form; on a data request also `_routes`, the loaders to run,
 * kept to the page's own routes in their order. Serialised as a form is (`+` for a space), as a
 * browser submits one and as React Router writes a data request's query.
 */
function canonicalQuery(search: URLSearchParams, policy: CachePolicy, matches: readonly PageMatch[], data: boolean) {
  const kept = new URLSearchParams();
  for (const name of policy.params) {
    const raw = search.get(name);
    const rule = QUERY_PARAMS[name];
    const value = raw === null ? '' : rule ? rule(raw) : raw;
    if (value) kept.append(name, value);
  }
  const routes = search.get('_routes');
  if (data && routes !== null) {
    const asked = new Set(routes.split(','));
    const ids = matches.flatMap(({ route }) => (route.id !== undefined && asked.has(route.id) ? [route.id] : []));
    if (ids.length) kept.append('_routes', ids.join(','));
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * The address a request for a matched page should have been sent to, path and query; null when the
 * page has none (the not-found catch-all, an id that names nothing, a malformed encoding): it is
 * then answered as it is and never stored. The browser's own parameters (isBrowserParam) follow
 * the page's, as sent. Pages without a cache policy keep their query as sent
 * (their loaders may read anything: a sign-in's return address); their path is still canonical.
 */
export function canonicalAddress(requestUrl: string, matches: readonly PageMatch[] | null, policy: CachePolicy | undefined) {
  if (!matches?.length) return null;
  const [rawPath, ...rest] = requestUrl.split('?');
  try {
    decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const page = canonicalPath(matches);
  if (page === null) return null;
  const url = new URL(requestUrl, 'http://localhost');
  const data = isDataRequest(url.pathname);
  const path = data ? dataPathOf(page) : page;
  if (!policy) return rest.length ? `${path}?${rest.join('?')}` : path;
  // The browser's own parameters are matched by their names as sent, not decoded, as the VCL
  // matches them: `utm%5Fsource` is an unknown parameter, dropped here, that stores no copy in front.
  const { browser } = splitBrowserParams(rest.join('?'));
  const query = [canonicalQuery(url.searchParams, policy, matches, data).slice(1), ...browser].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}
