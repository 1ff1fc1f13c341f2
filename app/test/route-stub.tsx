// For a screen's component test (docs/testing.md): one route module rendered in React Router's
// createRoutesStub with its loader stubbed, and the network stubbed so that the route's own
// clientAction runs through the typed client (app/lib/api.ts) against answers the test gives.
import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { vi } from 'vitest';

/** One request the screen made: its method, address and body (a multipart form or JSON text). */
export type Asked = { method: string; url: string; body: FormData | string | null };

/** A JSON answer with its status. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch: every request is recorded and answered by `answer`. Undo with vi.unstubAllGlobals(). */
export function stubApi(answer: (asked: Asked) => Response | Promise<Response>): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const entry: Asked = { method: init.method ?? 'GET', url: String(url), body: (init.body as FormData | string) ?? null };
      asked.push(entry);
      return answer(entry);
    }),
  );
  return asked;
}

/** The requests that change something (the screen's reads, such as who is signed in, left out). */
export const writes = (asked: Asked[]) => asked.filter((a) => a.method !== 'GET');

/** What a route module gives the stub; the module's exports are typed for its generated props. */
export type StubRoute = {
  path: string;
  Component: unknown;
  loader?: () => unknown;
  action?: unknown;
  shouldRevalidate?: unknown;
};

/** Renders `route` (and any other routes the screen leads to) at `url`. */
export function renderRoute(route: StubRoute, url: string, others: StubRoute[] = []) {
  const Stub = createRoutesStub(
    [route, ...others].map(({ path, Component, loader, action, shouldRevalidate }) => ({
      path,
      Component: Component as never,
      loader: loader as never,
      action: action as never,
      shouldRevalidate: shouldRevalidate as never,
    })),
  );
  return render(<Stub initialEntries={[url]} />);
}
