// The demo newsroom on a fresh test database: counts, shapes, files on disk, and idempotency.
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { type TestApp, useTestApp } from '../test/app.ts';
import {
  aboutUs,
  aboutUsImages,
  ads,
  articleCategories,
  articles,
  categories,
  featuredCategories,
  images,
  navigationEntries,
  users,
} from '../db/schema.ts';
import { loadArticles } from '../articles/model.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { YOUTUBE_ID } from '../../contract/articles.ts';
import { isDatabaseEmpty, planArticles, seedDemoContent, type SeedSummary } from './seed.ts';

const REQUIRED_CATEGORIES = ['రాజకీయాలు', 'సినిమా', 'క్రీడలు', 'వ్యాపారం', 'టెక్నాలజీ', 'ఆరోగ్యం', 'ఆంధ్రప్రదేశ్', 'తెలంగాణ'];

async function statusCounts(t: TestApp) {
  const rows = await t.services.db
    .select({ status: articles.approvalStatus, n: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .groupBy(articles.approvalStatus);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

const onDisk = (t: TestApp, name: string) =>
  access(path.join(path.join(t.dataDir, 'media'), name)).then(
    () => true,
    () => false,
  );

describe('demo newsroom', () => {
  const t = useTestApp();
  let first: SeedSummary;
  const now = new Date();
  const log: string[] = [];

  beforeAll(async () => {
    expect(await isDatabaseEmpty(t.services.db)).toBe(true);
    first = await seedDemoContent(t.services, { log: (line) => log.push(line), now });
  });

  it('reports what it added, and the database is no longer empty', async () => {
    expect(first).toMatchObject({ pending: 4, rejected: 3, navigation: true, featured: true, about: true, ads: 3 });
    expect(first.approved).toBeGreaterThanOrEqual(48);
    expect(log).toHaveLength(3);
    expect(log[2]).toMatch(/^demo content: \d+ approved, 4 pending, 3 rejected articles added/);
    expect(await isDatabaseEmpty(t.services.db)).toBe(false);
  });

  it('creates the Telugu categories', async () => {
    const names = (await t.services.db.select({ name: categories.name }).from(categories)).map((r) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of REQUIRED_CATEGORIES) expect(names).toContain(name);
  });

  it('creates the demo reporters with random passwords printed once', async () => {
    const passwords: string[] = [];
    for (const username of ['reporter', 'sravani']) {
      const [user] = await t.services.db.select().from(users).where(eq(users.username, username));
      expect(user.role).toBe('REPORTER');
      expect(user.email).toBe(`${username}@example.com`);
      const line = log.find((l) => l.startsWith(`demo reporter "${username}" created with password: `));
      const password = line?.match(/password: (\S+)/)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(await verifyPassword(user.passwordHash, password)).toBe(true);
      // The password that used to be published for every demo site opens nothing.
      expect(await verifyPassword(user.passwordHash, 'reporter123')).toBe(false);
      passwords.push(password);
    }
    expect(passwords[0]).not.toBe(passwords[1]);
    const [owner] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.username, 'reporter'));
    const owners = await t.services.db.selectDistinct({ id: articles.reporterId }).from(articles);
    expect(owners).toEqual([{ id: owner.id }]);
  });

  it('writes approved, pending and rejected stories with every derived column', async () => {
    const counts = await statusCounts(t);
    expect(counts.APPROVED).toBeGreaterThanOrEqual(48);
    expect(counts.PENDING).toBe(4);
    expect(counts.REJECTED).toBe(3);

    const rows = await t.services.db.select().from(articles);
    for (const a of rows) {
      expect(a.searchText.length).toBeGreaterThan(50);
      expect(a.searchText).toBe(a.searchText.normalize('NFC'));
      expect(a.shortDescription.length).toBeGreaterThan(20);
      expect(a.shortDescription.length).toBeLessThanOrEqual(150);
      expect(a.shortDescription).not.toMatch(/[<>]/);
      expect(a.region).toBeTruthy();
      expect(a.author).toBeTruthy();
      const paragraphs = a.content.match(/<p>/g)?.length ?? 0;
      expect(paragraphs).toBeGreaterThanOrEqual(3);
      expect(paragraphs).toBeLessThanOrEqual(6);
      expect(a.content).toContain('<strong>');
      expect(a.rejectionReason ? a.approvalStatus : 'no reason').toBe(a.approvalStatus === 'REJECTED' ? 'REJECTED' : 'no reason');
    }
    expect(rows.some((a) => a.content.includes('<h2>'))).toBe(true);
    // Place names with case suffixes, for the search engine's agglutination tests.
    const titles = rows.map((a) => a.title).join('\n');
    for (const form of ['హైదరాబాద్\u200cలో', 'విజయవాడలో', 'విశాఖపట్నంలో', 'తిరుపతిలో', 'వరంగల్\u200cలో']) expect(titles).toContain(form);
    expect(new Set(rows.map((a) => a.title)).size).toBe(rows.length);
  });

  it('spreads publication over 14 days with at least 10 stories in the last 48 hours', async () => {
    const approved = await t.services.db.select().from(articles).where(eq(articles.approvalStatus, 'APPROVED'));
    const ages = approved.map((a) => (now.getTime() - a.publicationDate.getTime()) / 3_600_000);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(14 * 24);
    expect(Math.max(...ages)).toBeGreaterThan(10 * 24);
    expect(ages.filter((h) => h <= 48).length).toBeGreaterThanOrEqual(10);
  });

  it('gives at least 8 stories a valid YouTube id and several two categories', async () => {
    const approved = await t.services.db.select().from(articles).where(eq(articles.approvalStatus, 'APPROVED'));
    const videos = approved.filter((a) => a.youtubeVideoId !== null);
    expect(videos.length).toBeGreaterThanOrEqual(8);
    for (const a of videos) expect(a.youtubeVideoId).toMatch(YOUTUBE_ID);
    const perArticle = await t.services.db
      .select({ id: articleCategories.articleId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(articleCategories)
      .groupBy(articleCategories.articleId);
    expect(perArticle.filter((r) => r.n === 2).length).toBeGreaterThanOrEqual(5);
    expect(perArticle.length).toBe(approved.length + 7);
  });

  it('gives every approved story 1 to 3 pictures whose WebP files are on disk', async () => {
    const ids = (
      await t.services.db.select({ id: articles.id }).from(articles).where(eq(articles.approvalStatus, 'APPROVED'))
    ).map((r) => r.id);
    const loaded = await loadArticles(t.services.db, ids);
    expect(loaded).toHaveLength(ids.length);
    for (const article of loaded) {
      expect(article.images.length).toBeGreaterThanOrEqual(1);
      expect(article.images.length).toBeLessThanOrEqual(3);
      expect(article.categories.length).toBeGreaterThanOrEqual(1);
      for (const image of article.images) {
        expect(image.width).toBe(1280);
        expect(image.height).toBe(720);
        for (const entry of image.srcset.split(', ')) {
          const url = entry.split(' ')[0];
          expect(url).toMatch(/^\/media\/[0-9a-f]{32}-\d+\.webp$/);
          expect(await onDisk(t, url.slice('/media/'.length))).toBe(true);
        }
      }
    }
    expect(loaded.some((a) => a.images.length === 3)).toBe(true);
  });

  it('leaves no image file that no row uses', async () => {
    const rows = await t.services.db.select({ key: images.key, widths: images.variantWidths }).from(images);
    const used = new Set(rows.flatMap((r) => [...r.widths.map((w) => `${r.key}-${w}.webp`), `${r.key}-share.jpg`]));
    const files = (await readdir(path.join(t.dataDir, 'media'))).filter((f) => !f.endsWith('.tmp'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !used.has(f))).toEqual([]);
  });

  it('sets up navigation (6, ordered from 1), three featured sections, About Us and three ads', async () => {
    const db = t.services.db;
    const nav = await db
      .select({ order: navigationEntries.displayOrder, name: categories.name })
      .from(navigationEntries)
      .innerJoin(categories, eq(categories.id, navigationEntries.categoryId))
      .orderBy(asc(navigationEntries.displayOrder));
    expect(nav.map((n) => n.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(nav.map((n) => n.name)).toEqual(['ఆంధ్రప్రదేశ్', 'తెలంగాణ', 'రాజకీయాలు', 'సినిమా', 'క్రీడలు', 'వ్యాపారం']);

    const featured = await db
      .select({ position: featuredCategories.position })
      .from(featuredCategories)
      .orderBy(asc(featuredCategories.position));
    expect(featured.map((f) => f.position)).toEqual([0, 1, 2]);

    const [about] = await db.select().from(aboutUs);
    expect(about.content).toContain('మా గురించి');
    expect(about.content).toContain('<p>');
    const aboutPictures = await db.select().from(aboutUsImages).innerJoin(images, eq(images.id, aboutUsImages.imageId));
    expect(aboutPictures).toHaveLength(3);
    for (const p of aboutPictures) expect(await onDisk(t, `${p.images.key}-${p.images.width}.webp`)).toBe(true);

    const adRows = await db.select().from(ads).innerJoin(images, eq(images.id, ads.imageId)).orderBy(asc(ads.id));
    expect(adRows.map((a) => a.ads.durationInSeconds)).toEqual([5, 7, 4]);
    for (const a of adRows) {
      expect(a.ads.link).toMatch(/^https:\/\//);
      expect(a.images.width / a.images.height).toBeCloseTo(6, 1);
      expect(await onDisk(t, `${a.images.key}-${a.images.width}.webp`)).toBe(true);
    }
  });

  it('adds nothing when run again', async () => {
    const before = {
      counts: await statusCounts(t),
      categories: (await t.services.db.select().from(categories)).length,
      images: (await t.services.db.select().from(images)).length,
      users: (await t.services.db.select().from(users)).length,
    };
    const again = await seedDemoContent(t.services, { log: () => {} });
    expect(again).toMatchObject({
      approved: 0,
      pending: 0,
      rejected: 0,
      navigation: false,
      featured: false,
      about: false,
      ads: 0,
    });
    expect({
      counts: await statusCounts(t),
      categories: (await t.services.db.select().from(categories)).length,
      images: (await t.services.db.select().from(images)).length,
      users: (await t.services.db.select().from(users)).length,
    }).toEqual(before);
  });
});

describe('benchmark volume', () => {
  const t = useTestApp();

  it('generates the requested number of approved stories, and tops up later', async () => {
    const summary = await seedDemoContent(t.services, { log: () => {}, articleCount: 150 });
    expect(summary.approved).toBe(150);
    const rows = await t.services.db
      .select({ title: articles.title })
      .from(articles)
      .where(eq(articles.approvalStatus, 'APPROVED'));
    expect(rows).toHaveLength(150);

    const more = await seedDemoContent(t.services, { log: () => {}, articleCount: 180 });
    expect(more.approved).toBe(30);
    expect((await statusCounts(t)).APPROVED).toBe(180);
  }, 180_000);

  it('plans 2,000 distinct, natural titles (no numbering) with dates inside 14 days', () => {
    const now = new Date();
    const plan = planArticles(2000, now).filter((a) => a.status === 'APPROVED');
    expect(plan).toHaveLength(2000);
    expect(new Set(plan.map((a) => a.title)).size).toBe(2000);
    expect(plan.filter((a) => /\(\d+\)$/.test(a.title))).toEqual([]);
    for (const a of plan) {
      const hours = (now.getTime() - a.publicationDate.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThan(0);
      expect(hours).toBeLessThanOrEqual(14 * 24);
      if (a.youtubeVideoId) expect(a.youtubeVideoId).toMatch(YOUTUBE_ID);
    }
    expect(plan.filter((a) => a.youtubeVideoId).length).toBeGreaterThan(200);
  });
});
