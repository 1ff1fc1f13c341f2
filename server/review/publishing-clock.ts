// The publishing clock: makes SCHEDULED articles APPROVED at their time and lets breaking news
// expire, on every instance, with no outside cron. Each instance arms one timer for the next due
// moment (the earliest scheduled publication or breaking-news expiry), re-arms when any instance
// changes content (a new schedule arrives by the change feed, NOTIFY on PostgreSQL), and polls
// every `pollMs` as a safety net. The promotion is the lifecycle's `publish` transition as a single
// UPDATE ... WHERE status = 'SCHEDULED': two instances firing together cannot both publish a row
// (the second finds it APPROVED).
import { and, eq, gt, lte, min } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { articles } from '../db/schema.ts';
import { createLifecycle } from '../articles/lifecycle.ts';

/** setTimeout's limit is ~24.8 days; the poll is far shorter anyway. */
const DEFAULT_POLL_MS = 30_000;
/** Timers may fire a hair before the wall clock reaches the moment. */
const SLACK_MS = 20;

export function createPublishingClock(deps: ServiceDeps, opts: { pollMs?: number } = {}) {
  const { db, changes, clock, log } = deps;
  const lifecycle = createLifecycle(deps);
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let started = false;
  let unsubscribe: (() => void) | undefined;
  // Breaking-news expiries after this moment have not been announced yet.
  let checkedUpTo = clock.now();

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
    // A clock set back (NTP, or a test) falls back to one poll interval of look-back.
    const since = checkedUpTo <= now ? checkedUpTo : new Date(now.getTime() - pollMs);
    checkedUpTo = now;
    const [expired] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(gt(articles.breakingUntil, since), lte(articles.breakingUntil, now)))
      .limit(1);
    // Nothing is written: the time has passed. Announce it so cached pages drop the banner at once.
    if (expired) await changes.announce({ kind: 'breaking' });
    return { published, breakingExpired: Boolean(expired) };
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

  async function arm() {
    if (!started) return;
    clearTimeout(timer);
    let delay = pollMs;
    try {
      const next = await nextDueAt();
      if (next) delay = Math.min(pollMs, Math.max(0, next.getTime() - clock.now().getTime() + SLACK_MS));
    } catch (error) {
      (log as Console).warn('publishing clock: could not read the next due time', error);
    }
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  }

  async function run() {
    if (running) return;
    running = true;
    try {
      await tick();
    } catch (error) {
      (log as Console).warn('publishing clock: check failed; retrying at the next poll', error);
    } finally {
      running = false;
    }
    await arm();
  }

  return {
    publishDue,
    tick,
    nextDueAt,
    /** Starts the timer on this instance (main.ts); publishes anything already due at once. */
    start() {
      if (started) return;
      started = true;
      checkedUpTo = clock.now();
      // Another instance's schedule, reschedule or breaking mark may bring the next moment closer.
      unsubscribe = changes.onChange(() => {
        if (!running) void arm();
      });
      void run();
    },
    stop() {
      started = false;
      clearTimeout(timer);
      unsubscribe?.();
    },
  };
}
export type PublishingClock = ReturnType<typeof createPublishingClock>;
