// The browser's side of offline reading (the worker itself is app/sw/service-worker.ts): register
// the worker, tell it which page the reader just opened, and make links full page loads while
// offline, so the worker can answer them with a kept copy or the offline page.

/** Runs once the page has loaded: nothing here competes with the page's own first requests. */
export function afterLoad(fn: () => void) {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', () => fn(), { once: true });
}

const enabled = () => import.meta.env.PROD && 'serviceWorker' in navigator;

export function registerServiceWorker() {
  if (!enabled()) return;
  afterLoad(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
  // Offline, a client-side navigation would ask the network for the next page's data and fail;
  // a full load is answered by the worker. React Router leaves a click whose default is prevented.
  window.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) {
        return;
      }
      if (new URL(link.href).origin !== location.origin) return;
      event.preventDefault();
      location.assign(link.href);
    },
    true,
  );
}

/**
 * Asks the worker to keep this page (the home page or an article) with the files it loaded. The
 * first page a reader opens loads before the worker controls it, and a page reached by
 * client-side navigation is never fetched as HTML: in both cases the worker would not have it.
 */
export function keepForOffline(path = location.pathname) {
  if (!enabled() || !navigator.onLine) return;
  afterLoad(() => {
    const resources = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/assets/`) || name.startsWith(`${location.origin}/media/`));
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: 'keep', path, resources }),
    );
  });
}
