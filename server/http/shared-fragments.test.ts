// The shared parts on their own: loaded once per content version and most-read generation, drawn
// once per slot, kept when a load ends with the same parts, served alone for ESI.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSharedFragments, type FragmentSources, type SharedParts } from './shared-fragments.ts';

function sources(headline = 'మొదటి వార్త') {
  const state = { version: 1, generation: 1, headline, loads: 0, failMostRead: false };
  const services = {
    changes: {
      get version() {
        return state.version;
      },
    },
    homepage: {
      latestHeadlines: async () => {
        state.loads++;
        return [{ id: 1, title: state.headline }];
      },
    },
    readership: {
      get generation() {
        return state.generation;
      },
      mostRead: async () => {
        if (state.failMostRead) throw new Error('counting failed');
        return [{ id: 2, title: 'ఎక్కువ చదివినది', reads: 9 }];
      },
    },
  } as unknown as FragmentSources;
  return { state, services };
}

let draws = 0;
const renderSharedSlot = (slot: string, parts: SharedParts) => (
  draws++,
  `${slot}:${parts.headlines.map((h) => h.title).join('|')}`
);

describe('shared fragments', () => {
  it('loads once per version and generation; a load with the same parts keeps the fragment and its drawn slots', async () => {
    const { state, services } = sources();
    const fragments = createSharedFragments(services, { renderSharedSlot });
    const first = await fragments.current();
    expect(fragments.current()).toBe(first); // loaded: no promise
    expect(first.parts).toEqual({ headlines: [{ id: 1, title: 'మొదటి వార్త' }], mostRead: [{ id: 2, title: 'ఎక్కువ చదివినది' }] });
    draws = 0;
    expect(fragments.slotHtml(first, 'ticker').toString()).toBe('ticker:మొదటి వార్త');
    fragments.slotHtml(first, 'ticker');
    expect(draws).toBe(1);
    state.version++;
    expect(await fragments.current()).toBe(first);
    expect(state.loads).toBe(2);
    state.headline = 'కొత్త వార్త';
    state.generation++;
    const next = await fragments.current();
    expect(next.id).not.toBe(first.id);
    expect(fragments.fillOf(next).fill('ticker').toString()).toBe('ticker:కొత్త వార్త');
  });

  it('shows the pages without the most-read list when counting fails', async () => {
    const { state, services } = sources();
    state.failMostRead = true;
    const errors = console.error;
    console.error = () => {};
    try {
      const fragments = createSharedFragments(services, { renderSharedSlot });
      expect((await fragments.current()).parts.mostRead).toEqual([]);
    } finally {
      console.error = errors;
    }
  });

  it('serves a known slot alone, tagged shared and public; an unknown one is not found', async () => {
    const { services } = sources();
    const fragments = createSharedFragments(services, { renderSharedSlot, slotNames: ['ticker'] });
    const app = Fastify();
    app.get('/_shared/:slot', fragments.sharedPart);
    const part = await app.inject({ url: '/_shared/ticker' });
    expect(part.statusCode).toBe(200);
    expect(part.body).toBe('ticker:మొదటి వార్త');
    expect(part.headers['surrogate-key']).toBe('shared all');
    expect(part.headers['x-robots-tag']).toBe('noindex');
    expect(part.headers['cache-control']).toMatch(/^public\b/);
    expect((await app.inject({ url: '/_shared/other' })).statusCode).toBe(404);
    await app.close();
  });
});
