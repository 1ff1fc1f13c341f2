// The parts every public page shares: the 'లేటెస్ట్' ticker (with its breaking-news labels) and the
// most-read list. They move with any change anywhere, so they are not a page's own content: the
// server renders them once per change into marked slots (server/http/shared-fragments.ts) and joins
// them with each cached page when answering (server/http/page-cache/page.ts), and the browser
// reads the same data from the page itself (the `shared-parts` JSON block), so hydration matches
// whatever the server joined in.
import { createContext as createRouterContext } from 'react-router';
import { createContext, useContext, type ReactNode } from 'react';
import type { Headline } from './site.ts';
import type { MostReadArticle } from '../components/public/MostRead.tsx';

export type SharedParts = { headlines: Headline[]; mostRead: MostReadArticle[] };

const EMPTY: SharedParts = { headlines: [], mostRead: [] };

/** Set by the adapter for each render: the shared parts of the current content version. */
export const sharedPartsContext = createRouterContext<SharedParts | null>(null);

/** The server's value during a render (entry.server.tsx provides it). */
export const SharedPartsValue = createContext<SharedParts | null>(null);

export const SHARED_PARTS_ID = 'shared-parts';

let fromPage: SharedParts | undefined;
function readFromPage(): SharedParts {
  if (fromPage) return fromPage;
  const element = document.getElementById(SHARED_PARTS_ID);
  try {
    fromPage = element?.textContent ? (JSON.parse(element.textContent) as SharedParts) : EMPTY;
  } catch {
    fromPage = EMPTY;
  }
  return fromPage;
}

export function useSharedParts(): SharedParts {
  const value = useContext(SharedPartsValue);
  if (value) return value;
  return typeof document === 'undefined' ? EMPTY : readFromPage();
}

/** The marks around a slot's HTML, found by the server when it stores a page (server/http/page-cache/page.ts). */
export const slotStart = (name: string) => `<template data-slot="${name}"></template>`;
export const slotEnd = (name: string) => `<template data-slot="/${name}"></template>`;

/**
 * Around a shared part: the marks stay in the page (hydration finds them where React put them),
 * and the server replaces what lies between them with the current part.
 */
export function SharedSlot({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <template data-slot={name} />
      {children}
      <template data-slot={`/${name}`} />
    </>
  );
}

/** JSON that can sit inside a <script> element: no `</script>`, no line separators JavaScript chokes on. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
