// The publishing clock: makes SCHEDULED articles APPROVED at their time and lets breaking news
// expire, on every instance, with no outside cron. It is a due clock (../db/due-clock.ts): one
// timer for the next due moment (the earliest scheduled publication or breaking-news expiry),
// re-armed when any instance changes content, and a poll every `pollMs` as a safety net. The
// promotion is the lifecycle's `publish` transition as a single UPDATE ... WHERE status =
// 'SCHEDULED': two instances firing together cannot both publish a row (the second finds it
// APPROVED). An expiry writes nothing; the instance that claims its moment announces it, once.
import { and, eq, gt, lte, min } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articles } from '../db/schema.ts';
import { claimPassed, createDueClock } from '../db/due-clock.ts';
import type { Lifecycle } from '../articles/lifecycle.ts';

const DEFAULT_POLL_MS = 30_000;
/** The mark in clock_marks up to which breaking-news expiries have been announced. */
const EXPIRY_MARK = 'breaking-expiry';

export function createPublishingClock(deps: ServiceDeps & { lifecycle: Lifecycle }, opts: { pollMs?: number } = {}) {
  const { db, changes, clock, log, lifecycle } = deps;
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  // A database that never had the mark announces expiries from here on.
  const createdAt = clock.now();

  /** Publishes every SCHEDULED article whose time has come; returns their ids. */
  async function publishDue(now = clock.now()): Promise<number[]> {
    return changes.write((tx, notice) =>
      lifecycle.moveWhere(tx, notice, {
        act: 'publish',
        by: { role: 'SYSTEM' },
        now,
        where: lte(articles.publicationDate, now),
        details: (r) => ({ publishAt: r.publicationDate.toISOString() }),
      }),
    );
  }

  /** One check: publish what is due and drop cached pages if breaking news expired since the last one. */
  async function tick(): Promise<{ published: number[]; breakingExpired: boolean }> {
    const now = clock.now();
    const published = await publishDue(now);
    // Nothing is written: the time has passed. Announced so cached pages drop the banner at once.
    const breakingExpired = await changes.write(async (tx, notice) => {
      const passed = await claimPassed(tx, EXPIRY_MARK, now, { firstFrom: createdAt, lookBackMs: pollMs });
      if (!passed) return false;
      const [expired] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(gt(articles.breakingUntil, passed.since), lte(articles.breakingUntil, passed.until)))
        .limit(1);
      if (expired) notice({ kind: 'breaking' });
      return Boolean(expired);
    });
    return { published, breakingExpired };
  }

  /** The next moment something is due: a scheduled publication or a breaking-news expiry. */
  async function nextDueAt(): Promise<Date | null> {
    const now = clock.now();
    const [[scheduled], [breaking]] = await Promise.all([
      db
        .select({ at: min(articles.publicationDate) })
        .from(articles)
        .where(eq(articles.approvalStatus, 'SCHEDULED')),
      db
        .select({ at: min(articles.breakingUntil) })
        .from(articles)
        .where(gt(articles.breakingUntil, now)),
    ]);
    const times = [scheduled?.at, breaking?.at].filter((t): t is Date => t instanceof Date);
    return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
  }

  // Another instance's schedule, reschedule or breaking mark may bring the next moment closer.
  const timer = createDueClock({ name: 'publishing clock', clock, changes, log: log as Console, pollMs, nextDueAt, check: tick });

  return {
    publishDue,
    tick,
    nextDueAt,
    /** Starts the timer on this instance (main.ts); publishes anything already due at once. */
    start: timer.start,
    stop: timer.stop,
  };
}
export type PublishingClock = ReturnType<typeof createPublishingClock>;
