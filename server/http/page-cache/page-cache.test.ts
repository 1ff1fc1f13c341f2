// The page cache's own jobs: the key, renders shared while under way, what of a response is stored.
import { describe, expect, it } from 'vitest';
import { tag } from '../../../contract/cache-tags.ts';
import { createPageCache, pageKeyOf } from './page-cache.ts';
import { createRenderCache } from './store.ts';

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });

describe('page cache', () => {
  it('keys a page on its address and the Save-Data variant', () => {
    expect(pageKeyOf('/a?page=2', false)).toBe('/a?page=2');
    expect(pageKeyOf('/a?page=2', true)).toBe('/a?page=2#save-data');
  });

  it('stores what holds for everyone: no per-response headers, the named tags or any change, the own part', async () => {
    let version = 3;
    const pages = createPageCache(createRenderCache({ version: () => version }));
    const render = pages.begin('/a', version, true);
    const response = html('<p>a</p><template data-slot="t"></template>x<template data-slot="/t"></template>', {
      'set-cookie': 'a=b',
      etag: '"x"',
      'x-kept': '1',
    });
    const stored = pages.keep('/a', render, response, Buffer.from(await response.clone().arrayBuffer()), [], 'parts-1');
    expect(stored.headers.map(([name]) => name).sort()).toEqual(['content-type', 'x-kept']);
    expect(stored.tags).toEqual([tag.any]);
    expect(stored.own?.slots).toEqual(['t']);
    expect(stored.fragment).toBe('parts-1');
    expect(pages.get('/a')).toBe(stored);
    // A render that started before a change is not stored.
    const late = pages.begin('/b', version, true);
    version = 4;
    pages.keep('/b', late, html('<p>b</p>'), Buffer.from('<p>b</p>'), [tag.home], 'parts-1');
    expect(pages.get('/b')).toBeUndefined();
  });

  it('lets readers of a key wait for the render under way at the same version only, until it ends', async () => {
    const pages = createPageCache(createRenderCache({ version: () => 1 }));
    expect(pages.renderUnderWay('/a', 1)).toBeNull();
    const render = pages.begin('/a', 1, true);
    const waiting = pages.renderUnderWay('/a', 1);
    expect(pages.renderUnderWay('/a', 2)).toBeNull();
    const stored = pages.keep('/a', render, html('<p>a</p>'), Buffer.from('<p>a</p>'), [tag.home], 'p');
    await expect(waiting).resolves.toBe(stored);
    render.end();
    expect(pages.renderUnderWay('/a', 1)).toBeNull();
    // Not shared: nobody waits on it; one that fails hands null over.
    pages.begin('/b', 1, false);
    expect(pages.renderUnderWay('/b', 1)).toBeNull();
    const failed = pages.begin('/c', 1, true);
    const waiter = pages.renderUnderWay('/c', 1);
    failed.share(null);
    failed.end();
    await expect(waiter).resolves.toBeNull();
  });
});
