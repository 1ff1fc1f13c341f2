// The due clock's timer (fake timers, no database) and the claim of passed time (on the test
// database: instances claiming together get disjoint ranges, so each moment is announced once).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { CLOCK_SKEW_MS, SLACK_MS, claimPassed, createDueClock, type PassedRange } from './due-clock.ts';
import { clockMarks } from './schema.ts';

describe('the due clock', () => {
  const POLL = 60_000;
  let due: Date | null;
  let unreadable: boolean;
  let checks: number;
  let reads: number;
  let listeners: Set<() => void>;
  let warnings: string[];
  let check: () => Promise<unknown>;

  const changed = () => {
    for (const fn of listeners) fn();
  };
  const make = (pollMs = POLL) =>
    createDueClock({
      name: 'test clock',
      clock: { now: () => new Date() },
      changes: {
        onChange(fn) {
          const listener = () => fn(undefined, []);
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      log: { warn: (message) => void warnings.push(message) },
      pollMs,
      async nextDueAt() {
        reads++;
        if (unreadable) throw new Error('no answer');
        return due;
      },
      check: () => check(),
    });
  const inMs = (ms: number) => new Date(Date.now() + ms);

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-24T00:00:00Z') });
    due = null;
    unreadable = false;
    checks = 0;
    reads = 0;
    listeners = new Set();
    warnings = [];
    check = async () => {
      checks++;
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks at once on start, then at the next due moment (with its slack), not before', async () => {
    due = inMs(1000);
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1000 + SLACK_MS - 1);
    expect(checks).toBe(1);
    due = null;
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(2);
    clock.stop();
  });

  it('polls when nothing is due, and when the next moment is beyond setTimeout’s limit', async () => {
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(POLL - 1);
    expect(checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(2);
    // Thirty days ahead: a timer for it would fire at once; the poll comes first.
    due = inMs(30 * 86_400_000);
    changed();
    await vi.advanceTimersByTimeAsync(POLL - 1);
    expect(checks).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(3);
    clock.stop();
  });

  it('re-arms on every change: a moment brought closer elsewhere is met on time', async () => {
    const clock = make(600_000);
    clock.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(checks).toBe(1);
    due = inMs(500);
    changed();
    await vi.advanceTimersByTimeAsync(500 + SLACK_MS);
    expect(checks).toBe(2);
    clock.stop();
  });

  it('never runs two checks at once; a change during a check is met by the check’s own re-arm', async () => {
    let active = 0;
    let most = 0;
    check = async () => {
      checks++;
      active++;
      most = Math.max(most, active);
      // Something is always due now: each check is followed by the next.
      due = new Date();
      await new Promise((resolve) => setTimeout(resolve, 100));
      changed();
      active--;
    };
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(50);
    changed();
    changed();
    await vi.advanceTimersByTimeAsync(1000);
    expect(most).toBe(1);
    expect(checks).toBeGreaterThan(3);
    clock.stop();
  });

  it('a failing check is logged and retried at the next poll', async () => {
    check = async () => {
      checks++;
      throw new Error('database gone');
    };
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(1);
    expect(warnings).toEqual(['test clock: check failed; retrying at the next poll']);
    await vi.advanceTimersByTimeAsync(POLL - 1);
    expect(checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(2);
    clock.stop();
  });

  it('a due time that cannot be read falls back to the poll', async () => {
    due = inMs(1000);
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    unreadable = true;
    changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual(['test clock: could not read the next due time']);
    // The timer armed for the moment was replaced by the poll.
    await vi.advanceTimersByTimeAsync(POLL - 1);
    expect(checks).toBe(1);
    unreadable = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(2);
    clock.stop();
  });

  it('stop: no more checks, and changes no longer re-arm', async () => {
    due = inMs(1000);
    const clock = make();
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    clock.stop();
    const readsThen = reads;
    changed();
    await vi.advanceTimersByTimeAsync(10 * POLL);
    expect(checks).toBe(1);
    expect(reads).toBe(readsThen);
    expect(listeners.size).toBe(0);
  });
});

describe(`claiming passed time (${TEST_DB})`, () => {
  const t = useTestApp();
  const base = new Date('2026-11-24T00:00:00Z').getTime();
  const at = (seconds: number) => new Date(base + seconds * 1000);
  const LOOK_BACK = 30_000;
  let n = 0;
  const fresh = () => `test-mark-${++n}`;
  const claim = (name: string, now: Date, firstFrom = at(0)) =>
    t.services.db.transaction((tx) => claimPassed(tx, name, now, { firstFrom, lookBackMs: LOOK_BACK }));
  const range = (since: number, until: number): PassedRange => ({ since: at(since), until: at(until) });
  const markOf = async (name: string) =>
    (await t.services.db.select().from(clockMarks).where(eq(clockMarks.name, name)))[0]?.checkedUpTo;

  it('the first claim starts where the clock was made; each next one where the last ended', async () => {
    const name = fresh();
    expect(await claim(name, at(60))).toEqual(range(0, 60));
    expect(await claim(name, at(90))).toEqual(range(60, 90));
    expect(await claim(name, at(90))).toBeNull();
    expect(await markOf(name)).toEqual(at(90));
  });

  it('instances claiming at once get disjoint ranges that together cover the time, whatever the order', async () => {
    const name = fresh();
    await claim(name, at(0));
    // Several instances claiming together, their clocks a few seconds apart (less than the skew).
    const nows = [3, 1, 7, 2, 9, 4, 8, 5, 6].map((s) => at(s));
    const ranges = (await Promise.all(nows.map((now) => claim(name, now)))).filter((r): r is PassedRange => r !== null);
    ranges.sort((a, b) => a.since.getTime() - b.since.getTime());
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].since).toEqual(ranges[i - 1].until);
    expect(ranges[0].since).toEqual(at(0));
    expect(ranges.at(-1)!.until).toEqual(at(9));
  });

  it('two instances at the same moment: one announces, the other has nothing to', async () => {
    const name = fresh();
    await claim(name, at(0));
    const both = await Promise.all([claim(name, at(30)), claim(name, at(30))]);
    expect(both.filter(Boolean)).toEqual([range(0, 30)]);
  });

  it('a clock a little behind the mark claims nothing and leaves the mark where it is', async () => {
    const name = fresh();
    await claim(name, at(100));
    const behind = (CLOCK_SKEW_MS - 1000) / 1000;
    expect(await claim(name, at(100 - behind))).toBeNull();
    expect(await markOf(name)).toEqual(at(100));
    expect(await claim(name, at(101))).toEqual(range(100, 101));
  });

  it('a clock set back further: the mark follows it and the claim looks back one poll interval', async () => {
    const name = fresh();
    await claim(name, at(3600));
    expect(await claim(name, at(600))).toEqual(range(600 - LOOK_BACK / 1000, 600));
    expect(await markOf(name)).toEqual(at(600));
    // The moments between are announced again as the clock passes them a second time.
    expect(await claim(name, at(700))).toEqual(range(600, 700));
  });
});
