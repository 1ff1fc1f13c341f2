// Time-driven work without a cron, on every instance: the publishing clock (scheduled publication,
// breaking-news expiry, server/review/publishing-clock.ts) and the ads' window clock (starts and
// ends, server/ads/service.ts) are each a `createDueClock` with their own `nextDueAt` and `check`.
// Announcing a moment that passed (nothing is written, the time has come) is claimed in the
// database with `claimPassed`, so with several instances each moment is announced once.
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from './changes.ts';
import type { DbOrTx } from './client.ts';
import { clockMarks } from './schema.ts';

/** Timers may fire a hair before the wall clock reaches the moment. */
export const SLACK_MS = 20;
/** setTimeout's limit (a signed 32-bit count of milliseconds, under 25 days): a longer delay would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export type DueClockOptions = {
  /** Names the clock in the log. */
  name: string;
  clock: { now(): Date };
  changes: Pick<ChangeFeed, 'onChange'>;
  log: { warn(message: string, error?: unknown): void };
  /** The safety net: a check at least this often, whatever `nextDueAt` says. */
  pollMs: number;
  /** The next moment something is due (null: none known). */
  nextDueAt(): Promise<Date | null>;
  /** Does what is due by now; a failure is logged and retried at the next poll. */
  check(): Promise<unknown>;
};

/**
 * One timer for the next due moment (plus `SLACK_MS`), never longer than the poll; re-armed after
 * every check and on every change any instance announces (a new or moved moment arrives by the
 * change feed, NOTIFY on PostgreSQL). `start` checks at once (whatever fell due while the server
 * was down), then arms. Checks never overlap.
 */
export function createDueClock(opts: DueClockOptions) {
  const { clock, changes, log, pollMs } = opts;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let running = false;
  // Only the latest arm sets the timer: an older one may have read a due time that has moved since.
  let arming = 0;
  let unsubscribe: (() => void) | undefined;

  async function arm() {
    if (!started) return;
    const mine = ++arming;
    let delay = pollMs;
    try {
      const next = await opts.nextDueAt();
      if (next) delay = Math.min(pollMs, Math.max(0, next.getTime() - clock.now().getTime() + SLACK_MS));
    } catch (error) {
      log.warn(`${opts.name}: could not read the next due time`, error);
    }
    if (!started || mine !== arming) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.min(delay, MAX_TIMEOUT_MS));
    timer.unref();
  }

  async function run() {
    if (running) return;
    running = true;
    clearTimeout(timer);
    try {
      await opts.check();
    } catch (error) {
      log.warn(`${opts.name}: check failed; retrying at the next poll`, error);
    } finally {
      running = false;
    }
    await arm();
  }

  return {
    start() {
      if (started) return;
      started = true;
      // A check's own change is followed by its own re-arm.
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
export type DueClock = ReturnType<typeof createDueClock>;

/** Clocks of instances on one database differ a little: a mark ahead by less than this is theirs. */
export const CLOCK_SKEW_MS = 10_000;

/** The moments (since, until] this instance announces. */
export type PassedRange = { since: Date; until: Date };

/**
 * Claims the time since `name`'s last check for this instance: one upsert moves the mark to `now`
 * and answers the old one, so instances claiming together get disjoint ranges and each moment is
 * announced once. Null: nothing to announce. The mark never moves back for a clock behind it by
 * less than `CLOCK_SKEW_MS` (another instance's clock is a little ahead: it announces those
 * moments). A clock behind by more has been set back: the mark follows it, and the claim looks back
 * `lookBackMs` (moments in it and those between the new and the old mark may be announced a second
 * time; none is missed). The first claim starts at `firstFrom` (the clock's creation).
 */
export async function claimPassed(
  tx: DbOrTx,
  name: string,
  now: Date,
  { firstFrom, lookBackMs }: { firstFrom: Date; lookBackMs: number },
): Promise<PassedRange | null> {
  const mark = clockMarks.checkedUpTo;
  const setBack = sql`${mark} - excluded.checked_up_to > make_interval(secs => ${CLOCK_SKEW_MS / 1000})`;
  const [row] = await tx
    .insert(clockMarks)
    .values({ name, checkedUpTo: now, previousUpTo: firstFrom < now ? firstFrom : now })
    .onConflictDoUpdate({
      target: clockMarks.name,
      // Every SET expression reads the row as it was, locked: a racing claim waits and sees this one's mark.
      set: {
        previousUpTo: sql`${mark}`,
        checkedUpTo: sql`case when ${setBack} then excluded.checked_up_to else greatest(${mark}, excluded.checked_up_to) end`,
      },
    })
    .returning({ previous: clockMarks.previousUpTo, mark: clockMarks.checkedUpTo });
  const { previous, mark: movedTo } = row;
  if (previous.getTime() <= now.getTime()) return previous.getTime() < now.getTime() ? { since: previous, until: now } : null;
  // Behind another instance's mark by a skew: that instance announces these moments.
  if (movedTo.getTime() !== now.getTime()) return null;
  return { since: new Date(now.getTime() - lookBackMs), until: now };
}
