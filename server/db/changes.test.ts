// The write helper and the change feed: notices given during a write are announced once, merged,
// after the commit and never after a rollback; other instances hear the same typed notices.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addCategory } from '../test/fixtures.ts';
import { categories } from './schema.ts';
import {
  createChangeFeed,
  mergeNotices,
  parsePayload,
  payloadOf,
  type ChangeFeed,
  type ChangeNotice,
  type ContentChange,
} from './changes.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let feed: ChangeFeed;
let heard: [ContentChange | undefined, readonly ChangeNotice[]][];
let categoryId: number;

beforeAll(async () => {
  categoryId = (await addCategory(t.services.db, 'మార్పులు')).id;
});

/** A feed of its own over the test database, with a listener that keeps what it hears. */
function listen(on: ChangeFeed) {
  const calls: [ContentChange | undefined, readonly ChangeNotice[]][] = [];
  on.onChange((change, notices) => calls.push([change, notices]));
  return calls;
}

const nameOf = async () =>
  (await t.services.db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId)))[0].name;

describe(`change notices and the write helper (${TEST_DB})`, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a committed write announces exactly its typed change, once, after the commit', async () => {
    feed = createChangeFeed(t.services.database);
    heard = listen(feed);
    const before = feed.version;
    let seenInside: number | undefined;
    const result = await feed.write(async (tx, notice) => {
      await tx.update(categories).set({ name: 'మార్పు 1' }).where(eq(categories.id, categoryId));
      notice({ kind: 'articles', articles: [7], categories: [categoryId] });
      seenInside = heard.length;
      return 'written';
    });
    expect(result).toBe('written');
    // Nothing was announced while the transaction was open.
    expect(seenInside).toBe(0);
    expect(feed.version).toBe(before + 1);
    expect(heard).toEqual([
      [{ articles: [7], categories: [categoryId] }, [{ kind: 'articles', articles: [7], categories: [categoryId] }]],
    ]);
    expect(await nameOf()).toBe('మార్పు 1');
  });

  it('several notices of one write are one announcement: articles merged, a site-wide one means everything', async () => {
    feed = createChangeFeed(t.services.database);
    heard = listen(feed);
    await feed.write(async (_tx, notice) => {
      notice({ kind: 'articles', articles: [1], categories: [10] });
      notice({ kind: 'articles', articles: [2, 1], categories: [10, 11] });
    });
    expect(heard).toHaveLength(1);
    expect(heard[0][0]).toEqual({ articles: [1, 2], categories: [10, 11] });

    await feed.write(async (_tx, notice) => {
      notice({ kind: 'articles', articles: [3], categories: [12] });
      notice({ kind: 'breaking' });
    });
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual([undefined, [{ kind: 'articles', articles: [3], categories: [12] }, { kind: 'breaking' }]]);
  });

  it('a rolled-back write announces nothing and keeps nothing', async () => {
    feed = createChangeFeed(t.services.database);
    heard = listen(feed);
    const before = feed.version;
    const name = await nameOf();
    await expect(
      feed.write(async (tx, notice) => {
        await tx.update(categories).set({ name: 'never kept' }).where(eq(categories.id, categoryId));
        notice({ kind: 'categories' });
        throw new Error('the act fails after its notice');
      }),
    ).rejects.toThrow('the act fails after its notice');
    expect(heard).toEqual([]);
    expect(feed.version).toBe(before);
    expect(await nameOf()).toBe(name);
  });

  it('a write that names no change announces nothing; a notice after the transaction is a programming error', async () => {
    feed = createChangeFeed(t.services.database);
    heard = listen(feed);
    let late: ((n: ChangeNotice) => void) | undefined;
    await feed.write(async (tx, notice) => {
      await tx.select().from(categories).limit(1);
      late = notice;
    });
    expect(heard).toEqual([]);
    expect(() => late!({ kind: 'ads' })).toThrow('after its transaction ended');
    expect(heard).toEqual([]);
  });

  it('announce() is for work that is not one transaction (an import, a seed)', async () => {
    feed = createChangeFeed(t.services.database);
    heard = listen(feed);
    await feed.announce({ kind: 'import' });
    await feed.announce();
    expect(heard).toEqual([[undefined, [{ kind: 'import' }]]]);
  });

  it('another instance hears the same typed notices (NOTIFY on PostgreSQL)', async () => {
    feed = createChangeFeed(t.services.database);
    const other = createChangeFeed(t.services.database);
    await feed.subscribe();
    await other.subscribe();
    const there = listen(other);
    await feed.write(async (_tx, notice) => notice({ kind: 'articles', articles: [5], categories: [categoryId] }));
    await feed.write(async (_tx, notice) => notice({ kind: 'navigation' }));
    await expect.poll(() => there.length, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(2);
    expect(there.slice(0, 2)).toEqual([
      [{ articles: [5], categories: [categoryId] }, [{ kind: 'articles', articles: [5], categories: [categoryId] }]],
      [undefined, [{ kind: 'navigation' }]],
    ]);
  });

  it('a failed NOTIFY does not fail a committed write: the act stands, the failure is logged', async () => {
    const warn = vi.fn();
    feed = createChangeFeed(t.services.database, { log: { warn } });
    await feed.subscribe();
    heard = listen(feed);
    vi.spyOn(t.services.database, 'notify').mockRejectedValueOnce(new Error('connection lost'));
    await feed.write(async (tx, notice) => {
      await tx.update(categories).set({ name: 'మార్పు 2' }).where(eq(categories.id, categoryId));
      notice({ kind: 'categories' });
    });
    expect(await nameOf()).toBe('మార్పు 2');
    expect(heard).toEqual([[undefined, [{ kind: 'categories' }]]]);
    expect(warn).toHaveBeenCalledWith('change feed: could not notify other instances', expect.any(Error));
  });

  it('services write through it: a category rename is announced once, typed, and its failure not at all', async () => {
    const calls = listen(t.services.changes);
    const [admin] = await t.signInAs('ADMIN');
    const renamed = await t.api(API.categories.rename, {
      params: { id: categoryId },
      cookie: admin.cookie,
      body: { name: 'మార్పు 3' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(calls).toEqual([[undefined, [{ kind: 'categories' }]]]);
    const other = await addCategory(t.services.db, 'వేరే');
    const clash = await t.api(API.categories.rename, {
      params: { id: other.id },
      cookie: admin.cookie,
      body: { name: 'మార్పు 3' },
    });
    expect(clash.statusCode).toBe(409);
    expect(calls).toHaveLength(1);
  });
});

describe('NOTIFY payloads', () => {
  it('a targeted change keeps the format every instance reads; a site-wide one reads as everything to an older instance', () => {
    const targeted: ChangeNotice[] = [{ kind: 'articles', articles: [1, 2], categories: [3] }];
    expect(JSON.parse(payloadOf(targeted))).toEqual({ articles: [1, 2], categories: [3] });
    expect(parsePayload(payloadOf(targeted))).toEqual({ change: { articles: [1, 2], categories: [3] }, notices: targeted });
    const siteWide: ChangeNotice[] = [{ kind: 'ads' }, { kind: 'articles', articles: [4], categories: [] }];
    const payload = payloadOf(siteWide);
    // What an instance before typed notices parsed: an object with articles and categories, or everything.
    expect(JSON.parse(payload)).not.toHaveProperty('articles');
    expect(parsePayload(payload)).toEqual({ change: undefined, notices: siteWide });
  });

  it('labels and payloads of older instances mean everything; so does a change too long for NOTIFY', () => {
    for (const old of ['all', 'categories', 'article:7:restored', '{not json', '{"articles":"x"}'])
      expect(parsePayload(old)).toEqual({ change: undefined, notices: [] });
    const many = Array.from({ length: 3000 }, (_, i) => i + 100_000);
    expect(payloadOf([{ kind: 'articles', articles: many, categories: [1] }])).toBe('all');
  });

  it('merging: no notice or any site-wide one is everything; articles are a union', () => {
    expect(mergeNotices([])).toBeUndefined();
    expect(mergeNotices([{ kind: 'seed' }])).toBeUndefined();
    expect(
      mergeNotices([
        { kind: 'articles', articles: [1], categories: [2] },
        { kind: 'articles', articles: [1, 3], categories: [] },
      ]),
    ).toEqual({ articles: [1, 3], categories: [2] });
  });
});
