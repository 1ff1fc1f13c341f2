// React's half of the islands entry (app/islands/entry.client.tsx): hydrates one island from the
// props written beside it. Loaded, with React, only once an island must come alive.
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { IslandName } from './Island.tsx';
import { AdBanner } from '../components/public/AdBanner.tsx';
import { ArticleGallery } from '../components/public/ArticleGallery.tsx';
import { LatestCarousel } from '../components/public/LatestCarousel.tsx';
import { ShareButton } from '../components/public/ShareButton.tsx';
import { PushOptIn } from '../components/public/PushOptIn.tsx';
import { SaveButton } from '../components/public/SaveButton.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props come from the page as JSON
const components: Record<Exclude<IslandName, 'header' | 'live' | 'my-district'>, ComponentType<any>> = {
  share: ShareButton,
  save: SaveButton,
  ads: AdBanner,
  gallery: ArticleGallery,
  latest: LatestCarousel,
  push: PushOptIn,
};

// Islands only some pages have (a live story, the reader's district with the districts' names):
// their own chunks, so the others' code does not grow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props come from the page as JSON
const ownChunk: Record<'live' | 'my-district', () => Promise<ComponentType<any>>> = {
  live: () => import('../components/public/LiveUpdates.tsx').then((m) => m.LiveUpdates),
  'my-district': () => import('../components/public/MyDistrict.tsx').then((m) => m.MyDistrict),
};

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

const propsOf = (element: HTMLElement): Record<string, unknown> => JSON.parse(element.dataset.props ?? '{}');

/**
 * Hydrates the island (renders it afresh into an empty place when `fresh`) and resolves once React has committed it (its handlers are live). A
 * transition: React renders it in slices of a few milliseconds and lets the browser run between
 * them, where a plain hydrateRoot renders the whole island in one task. The time it took is the
 * performance measure `island:<name>`.
 */
export async function hydrateIsland(element: HTMLElement, fresh = false): Promise<void> {
  const name = element.dataset.island as IslandName;
  const start = performance.now();
  let node: ReactNode;
  if (name === 'header') {
    // The header needs React Router: its own chunk, fetched only for it.
    const { headerIsland } = await import('./header.client.tsx');
    node = headerIsland(propsOf(element) as Parameters<typeof headerIsland>[0]);
  } else {
    const Component = name === 'live' || name === 'my-district' ? await ownChunk[name]() : components[name];
    node = <Component {...propsOf(element)} />;
  }
  return new Promise((resolve) => {
    const committed = () => {
      performance.measure(`island:${name}`, { start });
      resolve();
    };
    const island = <Committed onCommit={committed}>{node}</Committed>;
    startTransition(() => {
      // `fresh`: a place the server left empty (a story that went live after its page was drawn).
      if (fresh) createRoot(element).render(island);
      else hydrateRoot(element, island);
    });
  });
}
