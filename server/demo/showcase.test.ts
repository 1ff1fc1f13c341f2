// The demo shows every reader feature: districts and tags on its stories, a live story with
// updates, a breaking story, and author pages with Telugu names and portraits; read over HTTP as a
// reader's pages read them.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { useTestApp } from '../test/app.ts';
import { articles, users } from '../db/schema.ts';
import { districtBySlug } from '../../contract/districts.ts';
import { BREAKING_MAX_HOURS } from '../../contract/review.ts';
import { APPROVED_STORIES, BREAKING_STORY, LIVE_STORY, LIVE_UPDATES, PROFILES } from './data.ts';
import { seedDemoContent, type SeedSummary } from './seed.ts';

describe('the demo shows every reader feature', () => {
  const t = useTestApp();
  const now = new Date();
  let summary: SeedSummary;
  const get = (url: string) => t.call('GET', url);

  beforeAll(async () => {
    summary = await seedDemoContent(t.services, { log: () => {}, now });
  });

  it('gives every story from Andhra Pradesh or Telangana its district, and every story tags', async () => {
    const rows = await t.services.db
      .select({ id: articles.id, district: articles.district, region: articles.region })
      .from(articles);
    const withDistrict = rows.filter((r) => r.district !== null);
    for (const r of withDistrict) expect(districtBySlug(r.district!), r.region ?? '').toBeDefined();
    // Only the stories from Delhi, Mumbai and abroad have none.
    expect(rows.length - withDistrict.length).toBeLessThanOrEqual(7);
    expect(rows.filter((r) => r.region === 'హైదరాబాద్').every((r) => r.district === 'hyderabad')).toBe(true);

    const hyderabad = await get('/api/public/districts/hyderabad/articles?size=50');
    expect(hyderabad.statusCode).toBe(200);
    expect(Number(hyderabad.headers['x-total-count'])).toBeGreaterThanOrEqual(15);

    for (const { id } of rows.slice(0, 10)) {
      const tagged = await t.services.db.execute(`select count(*)::int as n from article_tags where article_id = ${id}`);
      const n = ((Array.isArray(tagged) ? tagged : (tagged as { rows: { n: number }[] }).rows)[0] as { n: number }).n;
      expect(n).toBeGreaterThanOrEqual(2);
    }
  });

  it('fills the tag pages: a topic lists several approved stories', async () => {
    const [admin] = await t.signInAs('ADMIN');
    const list = (await t.call('GET', '/api/admin/tags', admin.cookie)).json() as {
      slug: string;
      articles: number;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(20);
    const biggest = list.reduce((a, b) => (b.articles > a.articles ? b : a));
    expect(biggest.articles).toBeGreaterThanOrEqual(5);
    const page = await get(`/api/public/tags/${encodeURIComponent(biggest.slug)}/articles?size=10`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as unknown[]).length).toBeGreaterThanOrEqual(5);
  });

  it('covers one story live, with its updates, and marks one breaking for the longest time allowed', async () => {
    const [live] = await t.services.db.select().from(articles).where(isNotNull(articles.liveSince));
    expect(live.title).toBe(APPROVED_STORIES[LIVE_STORY].title);
    expect(live.liveEndedAt).toBeNull();
    const updates = await get(`/api/public/articles/${live.id}/live-updates`);
    expect(updates.statusCode).toBe(200);
    expect(updates.json()).toMatchObject({ live: true });
    expect((updates.json() as { updates: unknown[] }).updates).toHaveLength(LIVE_UPDATES.length);

    const home = (await get('/api/public/articles/homepage')).json() as {
      breakingNews: { title: string; breakingUntil: string }[];
    };
    expect(home.breakingNews.map((a) => a.title)).toEqual([APPROVED_STORIES[BREAKING_STORY].title]);
    const hours = (new Date(home.breakingNews[0].breakingUntil).getTime() - now.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(BREAKING_MAX_HOURS, 3);
  });

  it('gives the demo reporters author pages: Telugu display name, bio and a portrait', async () => {
    expect(summary.profiles).toBe(2);
    for (const [username, profile] of Object.entries(PROFILES)) {
      const res = await get(`/api/public/authors/${username}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { displayName: string; bio: string; photo: { srcset: string; width: number } | null };
      expect(page).toMatchObject({ displayName: profile.displayName, bio: profile.bio });
      expect(page.photo?.srcset).toMatch(/\/media\/[0-9a-f]{32}-\d+\.webp/);
    }
    const [owner] = await t.services.db.select().from(users).where(eq(users.username, 'reporter'));
    expect(owner.photoImageId).not.toBeNull();
    // Run again: the author pages are kept, not made again.
    expect((await seedDemoContent(t.services, { log: () => {} })).profiles).toBe(0);
  });
});
