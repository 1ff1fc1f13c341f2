// The page cache and readers: views never empty it, a page's most-read list follows the ranking
// (joined into the cached page, not rendered again), and Save-Data pages are kept apart.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsrStandIn, TEST_DB, useTestApp } from '../test/app.ts';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';
import { addArticles, addReporter } from '../test/fixtures.ts';

describe(`page cache and most read (${TEST_DB})`, () => {
  const t = useTestApp();
  let app: FastifyInstance;
  let ids: number[];
  let renders = 0;

  beforeAll(async () => {
    const reporterId = (await addReporter(t.services.db, 'pc_reporter')).id;
    ids = await addArticles(t.services.db, [
      { title: 'ఒకటి', reporterId },
      { title: 'రెండు', reporterId },
    ]);
    // A stand-in for React Router: the page lists the most-read ids in their slot and the Save-Data header it saw.
    const handle = async (request: Request) => {
      renders++;
      const list = (await t.services.readership.mostRead()).map((a) => a.id).join(',');
      const slot = `${slotStart('most-read')}${list}${slotEnd('most-read')}`;
      return new Response(`<p>${slot} ${request.headers.get('save-data') ?? 'full'}</p>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    };
    app = await createSsrStandIn(t.services, handle);
  });
  afterAll(() => app.close());

  const record = async (id: number, n: number) => {
    for (let i = 0; i < n; i++) t.services.readership.record(id);
    await t.services.readership.flush();
  };

  const page = (list: string, saveData = 'full') => `<p>${slotStart('most-read')}${list}${slotEnd('most-read')} ${saveData}</p>`;

  it('keeps serving the cached page while views come in, and shows the new ranking without rendering again', async () => {
    await record(ids[0], 2);
    await t.services.readership.refresh();
    const first = await app.inject({ url: '/' });
    expect(first.body).toBe(page(`${ids[0]}`));
    const before = renders;
    // More views of the same leader: the ranking is unchanged, the page stays cached.
    await record(ids[0], 1);
    await t.services.readership.refresh();
    expect((await app.inject({ url: '/' })).headers['x-render-cache']).toBe('hit');
    // A new article enters the list: the next request renders it.
    await record(ids[1], 5);
    expect((await app.inject({ url: '/' })).headers['x-render-cache']).toBe('hit');
    await t.services.readership.refresh();
    const next = await app.inject({ url: '/' });
    expect(next.headers['x-render-cache']).toBe('hit');
    expect(next.body).toBe(page(`${ids[1]},${ids[0]}`));
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect(renders).toBe(before);
  });

  it('keeps the Save-Data variant apart and says so in Vary', async () => {
    const full = await app.inject({ url: '/save' });
    const lite = await app.inject({ url: '/save', headers: { 'save-data': 'on' } });
    expect(full.body).toMatch(/ full<\/p>$/);
    expect(lite.body).toMatch(/ on<\/p>$/);
    expect((await app.inject({ url: '/save', headers: { 'save-data': 'on' } })).headers['x-render-cache']).toBe('hit');
    expect((await app.inject({ url: '/save' })).body).toBe(full.body);
    expect(lite.headers.vary).toMatch(/Save-Data/);
  });
});
