// The shared parts every public page shows (the ticker with its breaking labels, the most-read
// list: app/lib/shared-parts.tsx), kept apart from the pages: loaded again only when the content
// version or the most-read ranking moves, drawn once per slot, joined into stored pages by the
// page cache (server/http/page-cache/page.ts) and served alone at /_shared/<slot> for a cache in
// front that includes them itself (ESI, server/cdn/esi.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { tag } from '../../contract/cache-tags.ts';
import { tagAnswer } from '../cdn/tags.ts';
import { etagOf, PUBLIC_PAGE_CACHE } from './cache.ts';
import type { SlotFill } from './page-cache/page.ts';

/** What the app's shared parts are made of (app/lib/shared-parts.tsx). */
export type SharedParts = {
  headlines: { id: number; title: string; breaking?: true }[];
  mostRead: { id: number; title: string }[];
};

/** The shared parts of one content version and most-read generation, and their HTML per slot. */
export type Fragment = { id: string; parts: SharedParts; html: Map<string, Buffer> };

export type FragmentSources = Pick<Services, 'homepage' | 'readership' | 'changes'>;

export function createSharedFragments(
  services: FragmentSources,
  {
    renderSharedSlot,
    slotNames = [],
  }: {
    /** A shared part's HTML, exactly as a page draws it between its slot marks. */
    renderSharedSlot: (slot: string, parts: SharedParts) => string;
    /** Every slot's name (served at /_shared/<slot>). */
    slotNames?: readonly string[];
  },
) {
  // The load of the current version and generation (kept while they hold), and the last parts
  // loaded: a load that ends with the same parts keeps the fragment (and every page joined with it).
  let fragment: { version: number; generation: number; value: Promise<Fragment>; ready?: Fragment } | undefined;
  let last: Fragment | undefined;

  async function load(): Promise<Fragment> {
    const [headlines, mostRead] = await Promise.all([
      services.homepage.latestHeadlines(),
      // A side list: if counting fails the pages still show.
      services.readership.mostRead().catch((error: unknown) => {
        console.error('Failed to load the most-read list.', error);
        return [];
      }),
    ]);
    const parts: SharedParts = { headlines, mostRead: mostRead.map(({ id, title }) => ({ id, title })) };
    const id = etagOf(JSON.stringify(parts));
    if (last?.id !== id) last = { id, parts, html: new Map() };
    return last;
  }

  /** The shared parts as of now: no promise once loaded (the common case, every cached answer). */
  function current(): Fragment | Promise<Fragment> {
    const { version } = services.changes;
    const { generation } = services.readership;
    if (fragment && fragment.version === version && fragment.generation === generation) return fragment.ready ?? fragment.value;
    const value = load();
    const mine: NonNullable<typeof fragment> = { version, generation, value };
    fragment = mine;
    value.then(
      // Reading the ranking may itself move its generation: the parts just loaded are of the new one.
      (loaded) => {
        mine.generation = services.readership.generation;
        mine.ready = loaded;
      },
      () => {
        if (fragment === mine) fragment = undefined;
      },
    );
    return value;
  }

  /** A slot's HTML for these parts, drawn once. */
  function slotHtml(of: Fragment, slot: string): Buffer {
    let html = of.html.get(slot);
    if (!html) {
      html = Buffer.from(renderSharedSlot(slot, of.parts));
      of.html.set(slot, html);
    }
    return html;
  }

  /** What the page cache joins into a stored page. */
  const fillOf = (of: Fragment): SlotFill => ({ id: of.id, fill: (slot) => slotHtml(of, slot) });

  /** GET /_shared/<slot>: a shared part alone, for a cache in front that includes it in pages (ESI). */
  async function sharedPart(request: FastifyRequest, reply: FastifyReply) {
    const { slot } = request.params as { slot: string };
    if (!slotNames.includes(slot)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const now = current();
    const of = now instanceof Promise ? await now : now;
    tagAnswer(reply, [tag.shared]);
    return reply
      .header('cache-control', PUBLIC_PAGE_CACHE)
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(slotHtml(of, slot));
  }

  return { current, slotHtml, fillOf, sharedPart };
}
export type SharedFragments = ReturnType<typeof createSharedFragments>;
