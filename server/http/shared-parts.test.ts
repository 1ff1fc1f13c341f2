// The shared parts of real pages (ticker, breaking labels, most read): after any change that moves
// them, every cached page shows the current ones on its next request, without being rendered again
// when its own content did not change (issue 25). Runs against the real web app build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectRoute, secondInstance, TEST_DB, useTestApp } from '../test/app.ts';
import { API } from '../../contract/api.ts';
import { buildApp } from '../app.ts';
import { articles } from '../db/schema.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { BREAKING_LABEL } from '../../contract/articles.ts';
import { slotEnd, slotStart, SHARED_PARTS_ID } from '../../app/lib/shared-parts.tsx';
import type { AppServerBuild } from './ssr.ts';

const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');

/** What a page's slot holds. */
const slotOf = (html: string, slot: string) => {
  const start = html.indexOf(slotStart(slot));
  expect(start, `slot ${slot}`).toBeGreaterThan(-1);
  return html.slice(start + slotStart(slot).length, html.indexOf(slotEnd(slot), start));
};
/** The page without its shared parts: what the page itself rendered. */
const ownPart = (html: string) =>
  ['ticker', 'most-read', 'data'].reduce((page, slot) => {
    const start = page.indexOf(slotStart(slot));
    return start === -1 ? page : page.slice(0, start) + page.slice(page.indexOf(slotEnd(slot), start));
  }, html);
/** The data the browser hydrates the shared parts from. */
const sharedData = (html: string) => {
  const json = new RegExp(`<script type="application/json" id="${SHARED_PARTS_ID}">(.*?)</script>`).exec(html)?.[1];
  return JSON.parse(json ?? 'null') as {
    headlines: { id: number; title: string; breaking?: true }[];
    mostRead: { id: number }[];
  };
};

describe.runIf(existsSync(buildFile))(`shared parts of cached pages (${TEST_DB})`, () => {
  const t = useTestApp();
  let build: AppServerBuild;
  let app: FastifyInstance;
  let reporterId: number;
  let admin: { cookie: string };
  let categoryB: number;
  let categoryC: number;
  let inB: number;

  beforeAll(async () => {
    build = (await import(buildFile)) as AppServerBuild;
    app = await buildApp({ services: t.services, build });
    await app.ready();
    reporterId = (await addReporter(t.services.db, 'shared_parts')).id;
    categoryB = (await addCategory(t.services.db, 'వర్గం బీ భాగాలు')).id;
    categoryC = (await addCategory(t.services.db, 'వర్గం సీ భాగాలు')).id;
    inB = await addArticle(t.services.db, { title: 'బీ లో ఉన్న వార్త', reporterId, categoryIds: [categoryB] });
    admin = await t.signIn('ADMIN');
  });
  afterAll(() => app.close());

  /** The page, cached: a second request is a hit. */
  async function cached(url: string) {
    const first = await app.inject({ url });
    expect(first.statusCode, url).toBe(200);
    const again = await app.inject({ url });
    expect(again.headers['x-render-cache'], url).toBe('hit');
    return again;
  }

  it('an approval in category C shows in the ticker of a cached article page in category B, which is not rendered again', async () => {
    const title = 'సీ లో కొత్తగా ఆమోదించిన వార్త';
    const fresh = await addArticle(t.services.db, { title, reporterId, categoryIds: [categoryC], status: 'PENDING' });
    const before = await cached(`/article/${inB}`);
    const listing = await cached(`/public/articles/category/${categoryB}`);
    expect(slotOf(before.body, 'ticker')).not.toContain(title);

    const approve = await injectRoute(app, API.review.approve, { params: { id: fresh }, cookie: admin.cookie });
    expect(approve.statusCode).toBe(200);

    const after = await app.inject({ url: `/article/${inB}` });
    expect(after.headers['x-render-cache']).toBe('hit');
    expect(slotOf(after.body, 'ticker')).toContain(title);
    expect(sharedData(after.body).headlines[0]).toMatchObject({ id: fresh, title });
    expect(ownPart(after.body)).toBe(ownPart(before.body));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A page that is not an islands page (React Router hydrates it) the same way.
    const listingAfter = await app.inject({ url: `/public/articles/category/${categoryB}` });
    expect(listingAfter.headers['x-render-cache']).toBe('hit');
    expect(slotOf(listingAfter.body, 'ticker')).toContain(title);
    expect(ownPart(listingAfter.body)).toBe(ownPart(listing.body));
    // The home page lists the story itself: that one is rendered again.
    expect((await app.inject({ url: '/' })).body).toContain(title);
  });

  it('breaking news on, off and expired shows on cached pages at once', async () => {
    const title = 'బ్రేకింగ్ పరీక్ష వార్త';
    const breaking = await addArticle(t.services.db, { title, reporterId, categoryIds: [categoryC] });
    await cached(`/article/${inB}`);
    const label = (html: string) => /ticker-item-breaking[^]*?<\/li>/.exec(slotOf(html, 'ticker'))?.[0] ?? '';

    const on = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/breaking/${breaking}`,
      headers: { cookie: admin.cookie },
      payload: { hours: 1 },
    });
    expect(on.statusCode).toBe(200);
    // Whether the writer's change drops the page or not, its next answer shows the label.
    const marked = await app.inject({ url: `/article/${inB}` });
    expect(label(marked.body)).toContain(BREAKING_LABEL);
    expect(label(marked.body)).toContain(title);
    expect(sharedData(marked.body).headlines[0]).toEqual({ id: breaking, title, breaking: true });

    const off = await app.inject({
      method: 'DELETE',
      url: `/api/admin/articles/breaking/${breaking}`,
      headers: { cookie: admin.cookie },
    });
    expect(off.statusCode).toBe(200);
    const cleared = await app.inject({ url: `/article/${inB}` });
    expect(label(cleared.body)).toBe('');

    // Breaking news that runs out: the publishing clock announces the expiry.
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/articles/breaking/${breaking}`,
          headers: { cookie: admin.cookie },
          payload: { hours: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect(label((await app.inject({ url: `/article/${inB}` })).body)).toContain(title);
    await t.services.db
      .update(articles)
      .set({ breakingUntil: new Date(Date.now() + 300) })
      .where(eq(articles.id, breaking));
    await new Promise((r) => setTimeout(r, 400));
    expect((await t.services.publishing.tick()).breakingExpired).toBe(true);
    const expired = await app.inject({ url: `/article/${inB}` });
    expect(label(expired.body)).toBe('');
    expect(slotOf(expired.body, 'ticker')).toContain(title);
  });

  it('a new most-read ranking shows on cached article pages without rendering them', async () => {
    const title = 'ఎక్కువగా చదివిన పరీక్ష';
    const popular = await addArticle(t.services.db, { title, reporterId, categoryIds: [categoryC] });
    const before = await cached(`/article/${inB}`);
    expect(slotOf(before.body, 'most-read')).not.toContain(title);
    for (let i = 0; i < 50; i++) t.services.readership.record(popular);
    await t.services.readership.flush();
    await t.services.readership.refresh();
    const after = await app.inject({ url: `/article/${inB}` });
    expect(after.headers['x-render-cache']).toBe('hit');
    expect(slotOf(after.body, 'most-read')).toContain(`data-article-id="${popular}"`);
    expect(sharedData(after.body).mostRead[0]).toEqual({ id: popular, title });
    expect(ownPart(after.body)).toBe(ownPart(before.body));
  });

  it('does not cache reset links, dashboard shells or unknown paths', async () => {
    for (const url of ['/reset-password/made-up-token', '/admin-dashboard', '/reporter-dashboard/my-articles', '/no/such/page']) {
      for (let i = 0; i < 2; i++) expect((await app.inject({ url })).headers['x-render-cache'], url).toBeUndefined();
    }
  });

  it.runIf(TEST_DB === 'postgres')("a change on one instance shows on the other instance's next request", async () => {
    // A second instance: its own services and page cache on the same PostgreSQL, hearing changes by NOTIFY.
    const { services, database } = await secondInstance(t);
    const other = await buildApp({ services, build });
    await other.ready();
    try {
      await t.services.changes.subscribe();
      await services.changes.subscribe();
      const title = 'మరో సర్వర్ లో ఆమోదం';
      const fresh = await addArticle(t.services.db, { title, reporterId, categoryIds: [categoryC], status: 'PENDING' });
      await other.inject({ url: `/article/${inB}` });
      expect((await other.inject({ url: `/article/${inB}` })).headers['x-render-cache']).toBe('hit');
      const approve = await injectRoute(app, API.review.approve, { params: { id: fresh }, cookie: admin.cookie });
      expect(approve.statusCode).toBe(200);
      await expect
        .poll(async () => slotOf((await other.inject({ url: `/article/${inB}` })).body, 'ticker'), {
          timeout: 5000,
          interval: 50,
        })
        .toContain(title);
      expect((await other.inject({ url: `/article/${inB}` })).headers['x-render-cache']).toBe('hit');
    } finally {
      await other.close();
      await database.close();
    }
  });
});
