// While a dashboard's first data loads, React Router shows the HydrateFallback of the highest route
// still loading: the dashboard layout's, never the screen's own. So each screen states in its
// `handle` what to show meanwhile, and the layouts' fallback shows it.
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';

export type ScreenHandle = {
  /** The screen's frame with its loading text, drawn where its content will be. */
  Loading?: ComponentType;
  /** Or only the text (SPEC names some: 'Loading users...', 'Loading categories...'). */
  loadingText?: string;
};

/** A dashboard layout's HydrateFallback: the open screen's loading state, or nothing. */
export function ScreenFallback() {
  const handle = useMatches()
    .map((m) => m.handle as ScreenHandle | undefined)
    .findLast((h) => h?.Loading || h?.loadingText);
  if (handle?.Loading) return <handle.Loading />;
  if (!handle?.loadingText) return null;
  return (
    <main className="page">
      <p role="status">{handle.loadingText}</p>
    </main>
  );
}
