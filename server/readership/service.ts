// Readership: how many times each approved article was read, and the most-read list.
//
// A view is one beacon from a reader's browser after the page loaded (app/lib/readership.ts).
// Nothing identifies the reader: no cookie, no stored address, no row per view. One browser's
// repeated beacons for one article count once per hour: a salted hash of (address, user agent,
// article) is remembered in memory for the hour, and the salt is random and replaced daily, so
// the hashes cannot be matched to anyone or across days. Views are added up in memory and written
// every few seconds as one upsert into hourly buckets per article; the buckets give the most-read
// list of the last 24 hours and the totals the admin sees.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articleViews, articles, users } from '../db/schema.ts';
import { loadArticles } from '../articles/model.ts';
import { isApproved, withoutBody } from '../articles/public-service.ts';
import type { Article } from '../../contract/articles.ts';

export const MOST_READ_LIMIT = 5;
export const MOST_READ_WINDOW_HOURS = 24;
/** How often counted views are written (also on shutdown). */
export const FLUSH_EVERY_MS = 5_000;
/** Distinct (article, hour) pairs held between flushes; beyond it views are dropped, never memory. */
const MAX_PENDING = 50_000;
/** (reader, article) pairs remembered for the hour; past it the memory starts again (bounded). */
const MAX_SEEN = 100_000;
/**
 * Beacons for ids not (yet) known to be approved, while the known set is out of date: at most
 * this many distinct (article, hour) pairs between flushes, which drop the unapproved ones.
 */
const MAX_UNVERIFIED = 1_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who sent a beacon, only to tell a repeat from a new reader (never stored). */
export type Reader = { address: string; agent: string };

const hourStart = (time: number) => new Date(Math.floor(time / HOUR_MS) * HOUR_MS);

export type ReporterViews = { reporterId: number; reporterName: string; articles: number; views: number };

export function createReadershipService({ config, db, changes, log }: Pick<ServiceDeps, 'config' | 'db' | 'changes' | 'log'>) {
  // Cached pages are keyed on the ranking's generation (server/http/shared-fragments.ts), so a page's list is
  // at most this plus one flush behind (MOST_READ_REFRESH_SECONDS, two minutes by default).
  const refreshEveryMs = config.mostReadRefreshSeconds * 1000;
  /** `${articleId} ${hour ISO}` → views not yet written. */
  let pending = new Map<string, number>();
  let flushing: Promise<number> | undefined;
  let ranking: { list: Article[]; at: number; version: number } | undefined;
  let computing: Promise<Article[]> | undefined;
  let generation = 0;
  let timers: ReturnType<typeof setInterval>[] = [];
  const report = (error: unknown) => (log as Console).error(error);

  // Repeats: hashes seen this hour, under a salt replaced every day.
  let salt = { day: -1, value: Buffer.alloc(0) };
  let seen = { hour: -1, keys: new Set<string>() };
  function firstThisHour(articleId: number, reader: Reader, now: number): boolean {
    const day = Math.floor(now / DAY_MS);
    if (salt.day !== day) salt = { day, value: randomBytes(16) };
    const hour = Math.floor(now / HOUR_MS);
    if (seen.hour !== hour || seen.keys.size >= MAX_SEEN) seen = { hour, keys: new Set() };
    const key = createHash('sha256')
      .update(salt.value)
      .update(`${reader.address}\n${reader.agent}\n${articleId}`)
      .digest('base64url')
      .slice(0, 22);
    if (seen.keys.has(key)) return false;
    seen.keys.add(key);
    return true;
  }

  // The approved articles' ids, one bit each, as of a content version: a made-up or unapproved
  // id is turned away before it takes a place in `pending`.
  let approved: { bits: Uint8Array; version: number } | undefined;
  let loadingApproved: Promise<void> | undefined;
  let approvedLoadedAt = -Infinity;
  let unverified = new Set<string>();
  const approvedFresh = () => approved !== undefined && approved.version === changes.version;
  function loadApproved(): Promise<void> {
    loadingApproved ??= (async () => {
      approvedLoadedAt = performance.now();
      const version = changes.version;
      const rows = await db.select({ id: articles.id }).from(articles).where(eq(articles.approvalStatus, 'APPROVED'));
      const bits = new Uint8Array((rows.reduce((max, r) => Math.max(max, r.id), 0) >> 3) + 1);
      for (const { id } of rows) bits[id >> 3] |= 1 << (id & 7);
      approved = { bits, version };
    })().finally(() => (loadingApproved = undefined));
    return loadingApproved;
  }
  const knownApproved = (id: number) =>
    approved !== undefined && id >> 3 < approved.bits.length && (approved.bits[id >> 3] & (1 << (id & 7))) !== 0;

  async function writePending(): Promise<number> {
    if (pending.size === 0) return 0;
    const batch = pending;
    pending = new Map();
    unverified = new Set();
    const rows = [...batch].map(([key, n]) => {
      const [id, hour] = key.split(' ');
      return sql`(${Number(id)}::integer, ${hour}::timestamptz, ${n}::integer)`;
    });
    try {
      // Views of an article that is not (or no longer) approved are dropped here, in the same
      // statement, instead of a lookup per beacon.
      await db.execute(sql`
        insert into ${articleViews} (article_id, hour, views)
        select v.article_id, v.hour, v.views
        from (values ${sql.join(rows, sql`, `)}) as v(article_id, hour, views)
        join ${articles} a on a.id = v.article_id and a.approval_status = 'APPROVED'
        on conflict (article_id, hour) do update set views = ${articleViews}.views + excluded.views`);
      return [...batch.values()].reduce((a, b) => a + b, 0);
    } catch (error) {
      // Put the views back for the next flush rather than lose them to a passing database error.
      for (const [key, n] of batch) if (pending.size < MAX_PENDING) pending.set(key, (pending.get(key) ?? 0) + n);
      throw error;
    }
  }

  async function computeRanking(): Promise<Article[]> {
    const version = changes.version;
    const cutoff = new Date(hourStart(Date.now()).getTime() - (MOST_READ_WINDOW_HOURS - 1) * HOUR_MS);
    const total = sql<number>`sum(${articleViews.views})`.mapWith(Number);
    const rows = await db
      .select({ id: articleViews.articleId, views: total })
      .from(articleViews)
      .innerJoin(articles, and(eq(articles.id, articleViews.articleId), isApproved))
      .where(gte(articleViews.hour, cutoff))
      .groupBy(articleViews.articleId)
      .orderBy(desc(total), desc(articleViews.articleId))
      .limit(MOST_READ_LIMIT);
    const loaded = new Map(
      (
        await loadArticles(
          db,
          rows.map((r) => r.id),
        )
      ).map((a) => [a.id, a]),
    );
    const list = withoutBody(rows.flatMap((r) => loaded.get(r.id) ?? []));
    const before = ranking?.list.map((a) => a.id).join(',');
    if (before !== list.map((a) => a.id).join(',')) generation++;
    ranking = { list, at: Date.now(), version };
    return list;
  }

  function refresh(): Promise<Article[]> {
    computing ??= computeRanking().finally(() => (computing = undefined));
    return computing;
  }

  return {
    /**
     * Counts one view of the article in the current hour; false when it was not counted (not an
     * approved article, or `reader` already counted for it this hour).
     */
    record(articleId: number, reader?: Reader): boolean {
      if (!Number.isSafeInteger(articleId) || articleId <= 0 || articleId > 2_147_483_647) return false;
      const now = Date.now();
      const key = `${articleId} ${hourStart(now).toISOString()}`;
      const current = pending.get(key);
      const fresh = approvedFresh();
      // Content changed: read the ids again, at most once per flush interval on a busy newsroom.
      if (!fresh && performance.now() - approvedLoadedAt >= FLUSH_EVERY_MS) void loadApproved().catch(report);
      if (!knownApproved(articleId)) {
        // Up to date and not in it: unknown or unapproved. Out of date (an article approved a
        // moment ago): a bounded few, which the flush checks.
        if (fresh || (current === undefined && unverified.size >= MAX_UNVERIFIED)) return false;
        unverified.add(key);
      }
      if (current === undefined && pending.size >= MAX_PENDING) return false;
      if (reader && !firstThisHour(articleId, reader, now)) return false;
      pending.set(key, (current ?? 0) + 1);
      return true;
    },

    /** Distinct (article, hour) pairs waiting for the next flush (bounded; for tests and metrics). */
    get pendingSize() {
      return pending.size;
    },

    /** Reads the approved ids now (record() does it by itself when content has changed). */
    loadApproved,

    /** Writes the views counted so far as one statement; resolves to how many were written. */
    flush(): Promise<number> {
      // One flush at a time: a second caller waits for the first, then writes what came since.
      const run: Promise<number> = (flushing ?? Promise.resolve(0))
        .catch(() => 0)
        .then(() => writePending())
        .finally(() => {
          if (flushing === run) flushing = undefined;
        });
      flushing = run;
      return run;
    },

    /** Up to five approved articles most read in the current hour and the 23 before it. */
    async mostRead(): Promise<Article[]> {
      const fresh = ranking && ranking.version === changes.version && Date.now() - ranking.at < refreshEveryMs;
      return fresh ? ranking!.list : refresh();
    },

    /** Recomputes the ranking now (the timer does it every MOST_READ_REFRESH_SECONDS). */
    refresh,

    /** Moves on whenever the most-read list changes: cached pages that show it key on this. */
    get generation() {
      return generation;
    },

    /** Total views of each listed article (0 for none). */
    async totals(articleIds: number[]): Promise<Map<number, number>> {
      const result = new Map(articleIds.map((id) => [id, 0]));
      if (articleIds.length === 0) return result;
      const rows = await db
        .select({ id: articleViews.articleId, views: sql<number>`sum(${articleViews.views})`.mapWith(Number) })
        .from(articleViews)
        .where(inArray(articleViews.articleId, articleIds))
        .groupBy(articleViews.articleId);
      for (const r of rows) result.set(r.id, r.views);
      return result;
    },

    /** Every reporter with approved articles: how many, and their views in total, most read first. */
    async byReporter(): Promise<ReporterViews[]> {
      const viewsOf = sql<number>`coalesce(sum(${articleViews.views}), 0)`.mapWith(Number);
      return db
        .select({
          reporterId: users.id,
          reporterName: users.username,
          articles: sql<number>`count(distinct ${articles.id})`.mapWith(Number),
          views: viewsOf,
        })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.reporterId))
        .leftJoin(articleViews, eq(articleViews.articleId, articles.id))
        .where(isApproved)
        .groupBy(users.id, users.username)
        .orderBy(desc(viewsOf), users.username);
    },

    /** Flushes every few seconds and keeps the ranking fresh; stop() flushes what is left. */
    start() {
      if (timers.length) return;
      const flush = setInterval(() => void this.flush().catch(report), FLUSH_EVERY_MS);
      const rank = setInterval(() => void refresh().catch(report), refreshEveryMs);
      timers = [flush, rank];
      for (const t of timers) t.unref();
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      await this.flush();
    },
  };
}
export type ReadershipService = ReturnType<typeof createReadershipService>;
