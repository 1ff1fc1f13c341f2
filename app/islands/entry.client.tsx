// The browser's entry on islands pages (see Island.tsx: the home page and articles opened from a
// link). Without React itself: it decides when each island comes alive and fetches React (and the
// island's code, app/islands/hydrate.client.tsx) only then, so that a phone's main thread stays free
// while the page loads (docs/performance.md):
// - what moves by itself (the latest carousel, an article's pictures, the ads) when it is on
//   screen: at once for what the reader sees, later (if ever) for what is below;
// - the save button when on screen (it shows whether this reader saved the story);
// - the header, the share button and the push opt-in on first use (or the header at once when the home page must
//   ask for a sign-in): a touch or focus starts fetching, a click on a button before it is ready
//   waits for it and is then replayed. Their links work as plain links meanwhile.
// One island at a time, with a yield to the browser between two. React Router's client is
// fetched only with the header (docs/performance.md). Each island's wrapper says `data-live`
// once hydrated.
import type { IslandName } from './Island.tsx';
import { keepForOffline, registerServiceWorker } from '../lib/offline.ts';
import { countView } from '../lib/readership.ts';
import { nextAfterSignIn } from '../lib/access.ts';
import { watchForLive } from './live-watch.ts';
import { SIGN_IN_EVENT, type SignInRequest } from '../lib/sign-in-request.ts';

/**
 * Lets the browser paint and handle input before the next piece of work: scheduler.yield() where
 * there is one, else a message to ourselves (not a timer, which a test's fake clock would hold).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

let queue: Promise<void> = Promise.resolve();
const waking = new Map<HTMLElement, Promise<void>>();

/** Hydrates the island after those asked for before it; once. */
function wake(element: HTMLElement, fresh = false): Promise<void> {
  let done = waking.get(element);
  if (!done) {
    done = queue.then(async () => {
      const { hydrateIsland } = await import('./hydrate.client.tsx');
      await hydrateIsland(element, fresh);
      element.dataset.live = 'true';
      await yieldToBrowser();
    });
    // One island that fails to hydrate stays server HTML; the others still come alive.
    queue = done.catch((error: unknown) => console.error(error));
    waking.set(element, done);
  }
  return done;
}

/**
 * A touch or focus on the island starts fetching it; a click on one of its buttons before it is
 * ready waits for it and is then replayed.
 */
function wakeOnFirstUse(element: HTMLElement, early: HTMLButtonElement[]) {
  const start = () => void wake(element);
  element.addEventListener('pointerdown', start, { once: true, passive: true });
  element.addEventListener('focusin', start, { once: true });
  const replay = (button: HTMLButtonElement) => {
    element.removeEventListener('click', onClick, true);
    // On a slow phone network the island takes about a second to arrive (measured on slow 4G):
    // show at once that the tap was taken. The wrapper is ours, not React's, so hydration is unaffected.
    element.dataset.waking = 'true';
    void wake(element).then(() => {
      delete element.dataset.waking;
      button.click();
    });
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    replay(button);
  };
  element.addEventListener('click', onClick, true);
  // A tap the <head> script kept while this script was still on its way (Island.tsx): the first one only.
  const kept = early.find((button) => element.contains(button));
  if (kept) replay(kept);
}

// The save button is not among them: it must say 'సేవ్ అయింది' for a story this reader saved before
// anyone touches it, so it comes alive (and asks) once on screen, like what moves.
const ON_USE: IslandName[] = ['header', 'share', 'push'];
const moving: HTMLElement[] = [];
// From here on this script holds the taps; those the <head> script kept are handed over.
const early = (window as { __takeIslandTaps?: () => HTMLButtonElement[] }).__takeIslandTaps?.() ?? [];
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  // A reader who touches a moving island before it is on screen (or hydrated) need not wait for the turn.
  if (!ON_USE.includes(name)) moving.push(element);
  wakeOnFirstUse(element, early);
}
// Sent home from a dashboard link while signed out (`/?next=...`): the header asks for the sign-in.
const header = document.querySelector<HTMLElement>('[data-island="header"]');
const atOnce = header && nextAfterSignIn(location) ? [wake(header)] : [];
// Another island asks for a sign-in in place (the save button): the header, which has the login
// modal, comes alive and is asked again.
if (header) {
  window.addEventListener(SIGN_IN_EVENT, (event) => {
    if (header.dataset.live) return;
    event.stopImmediatePropagation();
    const { detail } = event as CustomEvent<SignInRequest>;
    void wake(header).then(() => window.dispatchEvent(new CustomEvent(SIGN_IN_EVENT, { detail })));
  });
}

/** Lets tests tell a hydrated page from server HTML, as the full client does in root.tsx. */
const markHydrated = (ready: Promise<void>[]) =>
  void Promise.all(ready).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });

if (moving.length === 0 || typeof IntersectionObserver === 'undefined') {
  markHydrated([...atOnce, ...moving.map((element) => wake(element))]);
} else {
  // The observer's first report covers every island: those on screen then are what the page
  // needs alive before it counts as hydrated; the rest come alive when scrolled to. It watches
  // each island's first element: the wrapper has no box of its own (display: contents).
  const islandOf = new Map<Element, HTMLElement>();
  let first = true;
  const observer = new IntersectionObserver((entries) => {
    const shown = entries.filter((e) => e.isIntersecting).map((e) => e.target);
    for (const target of shown) observer.unobserve(target);
    const woken = shown.map((target) => wake(islandOf.get(target)!));
    if (first) markHydrated([...atOnce, ...woken]);
    first = false;
  });
  for (const element of moving) {
    const target = element.firstElementChild ?? element;
    islandOf.set(target, element);
    observer.observe(target);
  }
}

// The article this page shows: one view counted after load; it and the home page are kept for
// offline reading.
registerServiceWorker();
const read = document.querySelector<HTMLElement>('[data-read-article]');
if (read?.dataset.readArticle) countView(Number(read.dataset.readArticle));
if (read || document.querySelector('[data-keep-offline]')) keepForOffline();
// A recent story drawn before it went live: its live section comes when it does.
const livePlace = document.querySelector<HTMLElement>('[data-live-watch]');
if (livePlace) watchForLive(livePlace, (element) => wake(element, true));
