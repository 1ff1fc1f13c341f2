// The service worker (built to /sw.js by app/sw/vite-plugin.ts): the home page and the last 30
// articles a reader opened, with their pictures, stay readable offline; anything else offline gets
// the Telugu offline page. Only public pages, built assets and media are ever stored: never the
// API (/api/**, which carries sessions and user data) and never a dashboard.
// Every cache name carries the build's version, so a new deploy replaces the old caches.

/** Replaced at build time by a hash of the client build. */
const VERSION = '__SW_BUILD_VERSION__';
const PREFIX = 'news-';
const PAGES = `${PREFIX}pages-${VERSION}`;
const ASSETS = `${PREFIX}assets-${VERSION}`;
const MEDIA = `${PREFIX}media-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** The offline page's stylesheet and Telugu font (the font's built name is filled in at build time). */
const OFFLINE_ASSETS = ['/offline.css', '__SW_OFFLINE_FONT__', '/favicon.svg'];
const MAX_ARTICLES = 30;
/** Pictures of the kept pages (up to 4 per article, the home page's cards); oldest go first. */
const MAX_MEDIA = 200;
/** On a weak network a kept page is shown from the cache after this long without an answer. */
const NETWORK_TIMEOUT_MS = 6_000;

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data: unknown } };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type Scope = {
  addEventListener(type: 'install' | 'activate', fn: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'push', fn: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (event: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NotificationOptions & { image?: string }): Promise<void> };
  location: Location;
};
const sw = self as unknown as Scope;

const ARTICLE_PATH = /^\/(?:article|public\/articles)\/\d{1,9}$/;
const isArticle = (path: string) => ARTICLE_PATH.test(path);
/** Pages kept for offline reading: the home page and articles. Nothing signed-in lives at these paths. */
const isKeptPage = (path: string) => path === '/' || isArticle(path);
const sameOrigin = (url: URL) => url.origin === sw.location.origin;
/** Kept pages are stored by path: `?utm_source=...` opens the same copy. */
const pageKey = (url: URL) => `${url.origin}${url.pathname}`;

/** Built files under /assets referenced by a page (stylesheets, scripts, fonts). */
function assetsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
}

async function cacheMissing(cacheName: string, urls: string[]) {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url, { credentials: 'omit' }).catch(() => undefined);
      if (response?.ok) await cache.put(url, response);
    }),
  );
}

/** Keeps the oldest entries out once a cache holds more than `max` (keys are in insertion order). */
async function trim(cacheName: string, max: number, counts: (url: URL) => boolean = () => true) {
  const cache = await caches.open(cacheName);
  const keys = (await cache.keys()).filter((r) => counts(new URL(r.url)));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((r) => cache.delete(r)));
}

/** Stores a page (most recent last) and the assets its HTML names. */
async function storePage(url: URL, response: Response) {
  const html = await response.clone().text();
  const pages = await caches.open(PAGES);
  await pages.delete(pageKey(url));
  await pages.put(pageKey(url), response);
  await Promise.all([cacheMissing(ASSETS, assetsIn(html)), trim(PAGES, MAX_ARTICLES, (u) => isArticle(u.pathname))]);
}

/** Fetches and keeps a page without the reader's cookie: the public copy, the same for everyone. */
async function fetchAndStore(path: string) {
  const url = new URL(path, sw.location.origin);
  const response = await fetch(url, { credentials: 'omit' });
  if (response.ok) await storePage(url, response);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await cacheMissing(PAGES, [OFFLINE_PAGE]);
      await cacheMissing(ASSETS, OFFLINE_ASSETS);
      await fetchAndStore('/').catch(() => {});
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && !name.endsWith(VERSION));
      // Pictures are stored under content-derived names and never change: carry them over. Pages
      // name the old build's scripts and styles, so the kept articles are fetched afresh instead.
      const media = await caches.open(MEDIA);
      const kept: string[] = [];
      for (const name of old) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const url = new URL(request.url);
          if (url.pathname.startsWith('/media/')) {
            const response = await cache.match(request);
            if (response) await media.put(request, response);
          } else if (isArticle(url.pathname)) kept.push(url.pathname);
        }
      }
      await Promise.all(old.map((name) => caches.delete(name)));
      await sw.clients.claim();
      for (const path of kept.slice(-MAX_ARTICLES)) await fetchAndStore(path).catch(() => {});
    })(),
  );
});

async function fromNetworkOrKept(request: Request, url: URL): Promise<Response> {
  const keep = isKeptPage(url.pathname);
  const cached = keep ? await (await caches.open(PAGES)).match(pageKey(url)) : undefined;
  const network = fetch(request).then(async (response) => {
    if (keep && response.ok && response.type === 'basic') await storePage(url, response.clone()).catch(() => {});
    return response;
  });
  network.catch(() => {});
  try {
    if (!cached) return await network;
    // A weak network: the kept copy after a few seconds rather than a blank screen.
    const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(cached), NETWORK_TIMEOUT_MS));
    return await Promise.race([network, slow]);
  } catch {
    return cached ?? (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function cacheFirst(request: Request, cacheName: string, store: boolean): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (store && response.ok && response.type === 'basic') {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
    if (cacheName === MEDIA) await trim(MEDIA, MAX_MEDIA);
  }
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Writes (the view beacon among them) go straight to the network: a beacon that fails offline
  // is dropped, never queued and replayed, so a view read offline is not counted again later.
  if (request.method !== 'GET' || !sameOrigin(url) || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkOrKept(request, url));
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed names: a stored copy is never out of date.
    event.respondWith(cacheFirst(request, ASSETS, true));
  } else if (url.pathname.startsWith('/media/')) {
    // Pictures are kept when a kept page shows them (the request's referrer is that page).
    const from = request.referrer ? new URL(request.referrer) : undefined;
    const forKeptPage = !!from && sameOrigin(from) && isKeptPage(from.pathname);
    event.respondWith(cacheFirst(request, MEDIA, forKeptPage));
  }
  // Anything else (data requests of client-side navigation, feeds, sw.js itself): the network only.
});

type KeepMessage = { type: 'keep'; path: string; resources: string[] };
const isKeepMessage = (data: unknown): data is KeepMessage =>
  typeof data === 'object' && data !== null && (data as KeepMessage).type === 'keep';

// The page tells us what it showed (app/lib/offline.ts): the first page a reader opens loads before
// this worker controls it, and a page reached by client-side navigation is never fetched as HTML.
sw.addEventListener('message', (event) => {
  if (!isKeepMessage(event.data)) return;
  const { path, resources } = event.data;
  if (typeof path !== 'string' || !isKeptPage(path) || !Array.isArray(resources)) return;
  event.waitUntil(
    (async () => {
      const pages = await caches.open(PAGES);
      if (!(await pages.match(new URL(path, sw.location.origin).href))) await fetchAndStore(path);
      const urls = resources
        .filter((r): r is string => typeof r === 'string')
        .map((r) => new URL(r, sw.location.origin))
        .filter(sameOrigin);
      await cacheMissing(
        ASSETS,
        urls.filter((u) => u.pathname.startsWith('/assets/')).map((u) => u.pathname),
      );
      await cacheMissing(
        MEDIA,
        urls.filter((u) => u.pathname.startsWith('/media/')).map((u) => u.pathname),
      );
      await trim(MEDIA, MAX_MEDIA);
    })().catch(() => {}),
  );
});

// Breaking news on the phone (server/push/): the site's push, decrypted by the browser, shown as a
// Telugu notification; a tap opens the story. Only a story on this site is ever opened.
type PushPayload = { kind: 'breaking' | 'published'; title: string; body: string; url: string; image?: string; tag: string };
const BREAKING_LABEL = 'బ్రేకింగ్ న్యూస్';
const NEWS_LABEL = 'తాజా వార్త';

function storyUrl(value: unknown): string {
  try {
    const url = new URL(String(value), sw.location.origin);
    if (sameOrigin(url) && isArticle(url.pathname)) return url.href;
  } catch {
    // not a URL: the home page instead
  }
  return new URL('/', sw.location.origin).href;
}

sw.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    // A push we cannot read still shows something: browsers penalise a silent push.
  }
  const label = payload.kind === 'breaking' ? BREAKING_LABEL : NEWS_LABEL;
  const title = payload.title ? `${label}: ${payload.title}` : label;
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: payload.body ?? '',
      lang: 'te',
      dir: 'ltr',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(payload.image ? { image: payload.image } : {}),
      tag: payload.tag ?? 'news',
      data: { url: storyUrl(payload.url) },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = storyUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      // A tab of the site already open shows the story; otherwise a new one.
      const open = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).find(
        (client) => new URL(client.url).origin === sw.location.origin,
      );
      if (open) {
        await open.navigate(url);
        await open.focus();
      } else await sw.clients.openWindow(url);
    })().catch(() => sw.clients.openWindow(url)),
  );
});

// A module, not a script: its names stay out of the global scope of the type check.
export {};
