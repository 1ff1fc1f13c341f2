// Islands: on a route whose handle says `hydrate: 'islands'` the server leaves React Router's client
// out and the browser hydrates only these parts, each as its own React root, from the props written
// beside them (app/islands/entry.client.tsx). Elsewhere an island is an ordinary part of the page.
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import islandsScript from 'virtual:islands-script';

export type IslandName = 'header' | 'share' | 'ads' | 'gallery' | 'latest' | 'push' | 'live' | 'my-district' | 'save';
export type RouteHandle = { hydrate?: 'islands' };

/**
 * Whether a page with these route handles is an islands page: a route asks for islands and the
 * islands entry is built (the dev server hydrates every page in full). Never in the browser.
 */
export function isIslandsPage(handles: unknown[]): boolean {
  return islandsScript !== null && handles.some((handle) => (handle as RouteHandle | undefined)?.hydrate === 'islands');
}

/** True while the server renders an islands page. */
export function useIslandsPage(): boolean {
  return isIslandsPage(useMatches().map((m) => m.handle));
}

export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const islands = useIslandsPage();
  return (
    <div className="island" data-island={name} data-props={islands ? JSON.stringify(props) : undefined}>
      <Component {...props} />
    </div>
  );
}

/**
 * The islands entry in place of React Router's scripts, asked for once the page's main picture (the
 * image marked fetchpriority=high) is on screen: its largest-contentful-paint entry where the
 * browser reports one (a picture that has arrived is not yet painted), else its load event, and
 * the page's load event whatever happens; at once when the page has no such picture. On a slow phone network the islands'
 * JavaScript otherwise shares the connection with that picture and delays it (docs/performance.md);
 * nothing the islands do is needed before it is seen (the header loads on first use anyway). A touch
 * or a key press starts it sooner. No timers: a test's fake clock must not hold hydration back.
 */
const loader = (src: string) =>
  `(function(){var d=document,w=window,started=0,P=w.PerformanceObserver;function go(){if(started)return;started=1;var s=d.createElement('script');s.type='module';s.src=${JSON.stringify(src)};d.body.appendChild(s)}
w.__islandsGo=go;if(w.__islandTaps&&w.__islandTaps.length)return go();
var p=d.querySelector('img[fetchpriority=high]');if(!p)return go();
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0)new P(function(l){l.getEntries().forEach(function(e){if(e.element===p)go()})}).observe({type:'largest-contentful-paint',buffered:true});else if(p.complete)return go();else p.addEventListener('load',go);
p.addEventListener('error',go);w.addEventListener('load',go);w.addEventListener('pointerdown',go,{capture:true,once:true});w.addEventListener('keydown',go,{capture:true,once:true})})()`;

/**
 * In the <head> of an islands page, before any of the page is read: a tap on an island's button
 * before the islands entry has run (a phone taps ☰ while the page still loads) is kept, not lost.
 * The click is held (no default, no handler sees it), the islands entry is asked for at once, and
 * the entry replays the tap once that island is alive (app/islands/entry.client.tsx takes the list).
 * The reader settings' buttons are not held: their own <head> script handles them (ReaderSettings.tsx).
 */
export const EARLY_TAPS_SCRIPT = `(function(w){var q=w.__islandTaps=[];function keep(e){var t=e.target,b=t&&t.closest&&t.closest('button');var i=b&&b.closest('[data-island]');if(!i||i.dataset.live||e.defaultPrevented||b.closest('[data-reader-setting]'))return;e.preventDefault();e.stopPropagation();if(q.indexOf(b)<0)q.push(b);i.dataset.waking='true';if(w.__islandsGo)w.__islandsGo()}w.addEventListener('click',keep,true);w.__takeIslandTaps=function(){w.removeEventListener('click',keep,true);return q}})(window)`;

export function IslandScripts() {
  return islandsScript ? <script dangerouslySetInnerHTML={{ __html: loader(islandsScript.src) }} /> : null;
}
