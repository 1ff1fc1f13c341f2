// The shared parts of a public page in their slots (app/lib/shared-parts.tsx). One table draws them
// both in a page and for the server's joins (entry.server.tsx), so the two cannot differ. Links in
// them are always plain anchors: the joined HTML must be the same on islands pages and elsewhere.
import type { ReactNode } from 'react';
import { PlainLinks } from './PageLink.tsx';
import { Ticker } from './Ticker.tsx';
import { MostRead } from './public/MostRead.tsx';
import { scriptJson, SHARED_PARTS_ID, SharedSlot, useSharedParts, type SharedParts } from '../lib/shared-parts.tsx';

export const SHARED_SLOTS = {
  ticker: (parts) => <Ticker headlines={parts.headlines} />,
  'most-read': (parts) => <MostRead articles={parts.mostRead} />,
  'most-read-home': (parts) => <MostRead articles={parts.mostRead} className="home-most-read" />,
  // The data the browser hydrates the parts from; a data block (never run, so no CSP hash).
  data: (parts) => (
    <script
      type="application/json"
      id={SHARED_PARTS_ID}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: scriptJson(parts) }}
    />
  ),
} satisfies Record<string, (parts: SharedParts) => ReactNode>;

export type SharedSlotName = keyof typeof SHARED_SLOTS;

/** A slot's content alone, as the server renders it for a join. */
export const sharedSlotContent = (slot: SharedSlotName, parts: SharedParts) => (
  <PlainLinks value={true}>{SHARED_SLOTS[slot](parts)}</PlainLinks>
);

/** A shared part in its place on a page. */
export function Shared({ slot }: { slot: SharedSlotName }) {
  const parts = useSharedParts();
  return <SharedSlot name={slot}>{sharedSlotContent(slot, parts)}</SharedSlot>;
}
