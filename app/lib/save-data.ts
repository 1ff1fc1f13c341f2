// Save-Data (Chrome's lite mode, or navigator.connection.saveData): the smallest picture variant,
// no carousel autoplay, nothing below the first screen until it is scrolled to.
// The server renders the variant when the request says `Save-Data: on` (the page cache keeps it
// apart, server/http/ssr.ts) and marks <html data-save-data="on">; the browser reads that mark,
// so hydration draws exactly what the server drew.
import { createContext, useContext } from 'react';

export const SaveDataContext = createContext<boolean>(
  typeof document !== 'undefined' && document.documentElement.dataset.saveData === 'on',
);

export const useSaveData = () => useContext(SaveDataContext);

/** The request asks for less data (the header's only defined value is "on"). */
export const requestSavesData = (headers: Headers) => headers.get('save-data')?.trim().toLowerCase() === 'on';

/** The reader's browser asks for less data, whatever the server saw. */
export function browserSavesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || document.documentElement.dataset.saveData === 'on';
}

/** The narrowest variant of a srcset ("url 320w, url 640w"), or undefined. */
export function smallestVariant(srcset: string): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const part of srcset.split(',')) {
    const [url, descriptor] = part.trim().split(/\s+/);
    const width = Number(descriptor?.replace(/w$/, ''));
    if (url && Number.isFinite(width) && (!best || width < best.width)) best = { url, width };
  }
  return best?.url;
}
