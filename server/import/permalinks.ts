// Old WordPress addresses of an imported post (its <link>, /?p=ID, /YYYY/MM/slug/ and
// /YYYY/MM/DD/slug/), stored as normalised keys; a request for one answers 301 to the article.
import type { WxrItem } from './wxr.ts';

/** Paths the site itself serves: never looked up, so normal pages pay one prefix check. */
const OWN_PREFIXES = [
  '/api/',
  '/media/',
  '/assets/',
  '/article/',
  '/public/',
  '/admin-dashboard',
  '/reporter-dashboard',
  '/reporter/',
  '/user-dashboard',
  '/search',
  '/about-us',
  '/login',
  '/unauthorized',
  '/healthz',
  '/readyz',
];

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One spelling per address: decoded, NFC, lower-case, no trailing slash, no index.php. */
export function normalisePath(pathname: string): string {
  let p = safeDecode(pathname).normalize('NFC').toLowerCase();
  p = p.replace(/\/{2,}/g, '/').replace(/^\/index\.php(?=\/|$)/, '');
  p = p.replace(/\/+$/, '');
  return p.startsWith('/') ? p || '/' : `/${p}`;
}

export const postIdKey = (id: number) => `?p=${id}`;

/** The keys an imported post answers to. */
export function redirectKeysFor(item: Pick<WxrItem, 'link' | 'postId' | 'postDate' | 'postName'>): string[] {
  const keys = new Set<string>();
  if (item.postId > 0) keys.add(postIdKey(item.postId));
  if (item.link) {
    try {
      const url = new URL(item.link, 'http://wordpress.invalid');
      const p = url.searchParams.get('p');
      if (p && /^\d+$/.test(p)) keys.add(postIdKey(Number(p)));
      else {
        const key = normalisePath(url.pathname);
        if (key !== '/') keys.add(key);
      }
    } catch {
      // An unreadable <link> adds nothing; the other keys still work.
    }
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(item.postDate);
  const slug = item.postName && normalisePath(item.postName).slice(1);
  if (date && slug && date[1] !== '0000') {
    keys.add(`/${date[1]}/${date[2]}/${slug}`);
    keys.add(`/${date[1]}/${date[2]}/${date[3]}/${slug}`);
  }
  return [...keys];
}

/**
 * The key to look up for a request, or null when it cannot be an old WordPress address (the
 * site's own paths, and the home page without ?p=).
 */
export function redirectKeyForRequest(url: string): string | null {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname === '/' || pathname === '/index.php') {
    if (q < 0) return null;
    const p = new URLSearchParams(url.slice(q + 1)).get('p');
    return p && /^\d{1,9}$/.test(p) ? postIdKey(Number(p)) : null;
  }
  if (OWN_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  if (/\.(?:xml|txt|ico|png|jpe?g|webp|css|js|map|json|webmanifest)$/i.test(pathname)) return null;
  if (pathname.length > 2000) return null;
  return normalisePath(pathname);
}
