// Islands: on a route whose handle says `hydrate: 'islands'` the server leaves React Router's client
// out and the browser hydrates only these parts, each as its own React root, from the props written
// beside them (app/islands/entry.client.tsx). Elsewhere an island is an ordinary part of the page.
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import islandsScript from 'virtual:islands-script';

export type IslandName = 'header' | 'share' | 'ads' | 'gallery' | 'latest';
export type RouteHandle = { hydrate?: 'islands' };

/** True while the server renders a page whose route asks for islands (never in the browser). */
export function useIslandsPage(): boolean {
  const matches = useMatches();
  return islandsScript !== null && matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === 'islands');
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

/** The islands entry in place of React Router's scripts. */
export function IslandScripts() {
  return islandsScript ? <script type="module" src={islandsScript.src} /> : null;
}
