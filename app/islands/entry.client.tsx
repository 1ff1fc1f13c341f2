// The browser's entry on islands pages (see Island.tsx: the home page and articles opened from a
// link): hydrates the share button, the carousels and the ads at once, and the header on first use
// (or at once when the home page must ask for a sign-in), with React alone. React Router's client
// (~37 KB compressed) is fetched only with the header.
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './Island.tsx';
import { AdBanner } from '../components/public/AdBanner.tsx';
import { ArticleGallery } from '../components/public/ArticleGallery.tsx';
import { LatestCarousel } from '../components/public/LatestCarousel.tsx';
import { ShareButton } from '../components/public/ShareButton.tsx';
import { keepForOffline, registerServiceWorker } from '../lib/offline.ts';
import { countView } from '../lib/readership.ts';
import { nextAfterSignIn } from '../lib/access.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props come from the page as JSON
const eager: Record<Exclude<IslandName, 'header'>, ComponentType<any>> = {
  share: ShareButton,
  ads: AdBanner,
  gallery: ArticleGallery,
  latest: LatestCarousel,
};

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/** Resolves once React has committed the hydrated island (its handlers are live). */
function hydrate(element: HTMLElement, node: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(element, <Committed onCommit={resolve}>{node}</Committed>);
  });
}

const propsOf = (element: HTMLElement): Record<string, unknown> => JSON.parse(element.dataset.props ?? '{}');

/**
 * A touch or focus on the header starts fetching it; a click on one of its buttons before it is
 * ready waits for it and is then replayed. Its links work as plain links meanwhile.
 */
function hydrateOnFirstUse(element: HTMLElement) {
  let ready: Promise<void> | undefined;
  const load = () =>
    (ready ??= import('./header.client.tsx').then(({ headerIsland }) =>
      hydrate(element, headerIsland(propsOf(element) as Parameters<typeof headerIsland>[0])),
    ));
  element.addEventListener('pointerdown', load, { once: true, passive: true });
  element.addEventListener('focusin', load, { once: true });
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    element.removeEventListener('click', onClick, true);
    // On a slow phone network the header takes about a second to arrive (measured on slow 4G):
    // show at once that the tap was taken. The wrapper is ours, not React's, so hydration is unaffected.
    element.dataset.waking = 'true';
    void load().then(() => {
      delete element.dataset.waking;
      button.click();
    });
  };
  element.addEventListener('click', onClick, true);
  // Sent home from a dashboard link while signed out (`/?next=...`): the header asks for the sign-in.
  if (nextAfterSignIn(location)) void load();
}

const hydrated: Promise<void>[] = [];
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  if (name === 'header') hydrateOnFirstUse(element);
  else if (eager[name]) {
    const Component = eager[name];
    hydrated.push(hydrate(element, <Component {...propsOf(element)} />));
  }
}
// Lets tests tell a hydrated page from server HTML, as the full client does in root.tsx.
void Promise.all(hydrated).then(() => {
  document.documentElement.dataset.hydrated = 'true';
});

// The article this page shows: one view counted after load; it and the home page are kept for
// offline reading.
registerServiceWorker();
const read = document.querySelector<HTMLElement>('[data-read-article]');
if (read?.dataset.readArticle) countView(Number(read.dataset.readArticle));
if (read || document.querySelector('[data-keep-offline]')) keepForOffline();
