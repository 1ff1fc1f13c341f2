import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticles, addReporter } from '../test/fixtures.ts';
import { createSearchService } from './service.ts';

// The window's shortcuts on a tiny archive (a window of 2, widened to 6): a word only in the
// bodies of the newest articles and in the titles of older ones, and a word in every body. The
// page must be what reading every match would give.
const t = useTestApp();
const IN_OLD_TITLES = 'కొండపల్లి';
const IN_BODIES = 'బొమ్మలు';
let newest: number[] = []; // newest first
let byDay: number[] = []; // oldest first

beforeAll(async () => {
  const db = t.services.db;
  const reporterId = (await addReporter(db, 'kondapalli')).id;
  const day = (n: number) => new Date(Date.UTC(2026, 3, 1 + n, 6));
  // Days 0-5: the first word in the title; days 6-9: in the body only. Every body has the second.
  byDay = await addArticles(
    db,
    Array.from({ length: 10 }, (_, i) => ({
      title: i < 6 ? `${IN_OLD_TITLES} వార్త ${i}` : `వార్త ${i}`,
      content: i < 6 ? `<p>${IN_BODIES}</p>` : `<p>${IN_OLD_TITLES} ${IN_BODIES}</p>`,
      reporterId,
      publicationDate: day(i),
    })),
  );
  newest = [...byDay].reverse();
});

const tiny = () =>
  createSearchService(t.services, {
    window: 2,
    wider: 3,
    sample: 1000,
    estimateFrom: Number.POSITIVE_INFINITY,
    trustHits: 1,
  });

describe(`search window shortcuts (${TEST_DB})`, () => {
  it('reads title matches absent from the window through the index, or widens when they are more than a window', async () => {
    // The window holds two body matches and no title match; the title matches (six) are more
    // than the window's two, so the title index read gives up and the window widens.
    const first = await tiny().search(IN_OLD_TITLES, 0, 5);
    expect(first.content.map((a) => a.id)).toEqual(newest.slice(4, 9));
    const second = await tiny().search(IN_OLD_TITLES, 1, 5);
    expect(second.content.map((a) => a.id)).toEqual([byDay[0], ...newest.slice(0, 4)]);
    for (const page of [0, 1])
      expect(await tiny().search(IN_OLD_TITLES, page, 5)).toEqual(await t.services.search.search(IN_OLD_TITLES, page, 5));
  });

  it('walks on past the window for the last tier only as far as the page needs', async () => {
    // No title match (read whole through the title index); the body tier's page continues from
    // the window, and a page beyond the widest window is read through the body index.
    for (const [page, size] of [
      [0, 5],
      [1, 3],
      [1, 5],
      [3, 3],
    ]) {
      const found = await tiny().search(IN_BODIES, page, size);
      expect(
        found.content.map((a) => a.id),
        `page ${page} size ${size}`,
      ).toEqual(newest.slice(page * size, page * size + size));
      expect(found).toEqual(await t.services.search.search(IN_BODIES, page, size));
    }
  });

  // server/db/client.ts: PostgreSQL would compile the plan of a trigram read it overestimates (a
  // short pattern's, `t20`) for longer than the read takes.
  it.skipIf(TEST_DB !== 'postgres')('runs its reads without JIT on PostgreSQL', async () => {
    const { rows } = (await t.services.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(rows[0].jit).toBe('off');
  });
});
