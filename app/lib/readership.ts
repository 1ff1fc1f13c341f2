// The view beacon: one POST after an article page has loaded, with no cookie and nothing about the
// reader (server/readership counts it). Not part of the HTML, so a cached page stays cached.
import { API_BASE } from './api.ts';
import { pathOf } from '../../contract/route.ts';
import { READERSHIP_ROUTES } from '../../contract/readership.ts';

/** Counts one view of the article; nothing is sent while offline (a kept copy was counted online). */
export function countView(articleId: number) {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const send = () => {
    if (navigator.onLine) navigator.sendBeacon(API_BASE + pathOf(READERSHIP_ROUTES.view.path, { id: articleId }));
  };
  const whenLoaded = () => {
    if (document.readyState === 'complete') send();
    else window.addEventListener('load', send, { once: true });
  };
  // A page prerendered by the browser is counted when the reader actually opens it.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', whenLoaded, { once: true });
  } else whenLoaded();
}
