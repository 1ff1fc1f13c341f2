// The mail sender, running in the background on every instance (started by main.ts), as the push
// sender (../push/sender.ts) does: due outbox rows are claimed with FOR UPDATE SKIP LOCKED for a
// while (claimed_until), so two instances never take the same row, then sent over SMTP (nodemailer)
// a few at a time, at MAIL_RATE a second at most. What became of each:
// - accepted: 'sent' (kept: a newsletter row is the proof that this address had that edition);
// - a 4xx reply, or no answer (connection refused, timeout, TLS): retried later with a growing
//   delay, and given up after MAX_MAIL_ATTEMPTS ('failed', counted in /metrics, shown to admins);
// - a 5xx reply for the address: the address is undeliverable (no more mail to it, shown to admins).
// An instance that dies mid-send leaves its claim to expire and another sends it: such a mail may
// arrive twice, never not at all; a row claimed MAX_MAIL_ATTEMPTS times is given up.
import { createRunLoop, sendClaimed } from '../db/outbox-runs.ts';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { mailOutbox, mailUndeliverable } from '../db/schema.ts';

/** Delays before each retry: after the last, the mail is given up. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000];
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const CLAIM_MS = 5 * 60_000;
const BATCH = 50;
/** Mails in flight at once on one instance (over as many pooled SMTP connections); MAIL_RATE still bounds them. */
const PARALLEL = 4;
const DEFAULT_POLL_MS = 5_000;
/** Sent mails other than newsletters' are kept this long (for admins), then swept. */
export const KEEP_SENT_MS = 30 * 86_400_000;

export type RenderedMail = { subject: string; text: string; html?: string; headers?: Record<string, string> };
type Claimed = typeof mailOutbox.$inferSelect;
/** Renders a row written without a body (a newsletter edition for one subscription); null: no longer to be sent. */
export type MailRenderer = (row: Claimed) => Promise<RenderedMail | null>;

export type MailOutcome = 'sent' | 'retry' | 'undeliverable' | 'dropped';

/** What an SMTP failure means for the mail: a 5xx for the address is final, a 4xx or no answer is worth a retry. */
export function outcomeOf(error: unknown): { outcome: MailOutcome; reason: string } {
  const e = error as { responseCode?: number; code?: string; response?: string; message?: string };
  const reason = String(e.response ?? e.message ?? error).slice(0, 500);
  // A refused login is the site's setting, not the address's fault.
  if (e.responseCode && e.responseCode >= 500 && e.code !== 'EAUTH') return { outcome: 'undeliverable', reason };
  return { outcome: 'retry', reason };
}

export type MailCounts = Record<'sent' | 'retried' | 'failed' | 'undeliverable', number>;

export function createMailSender(deps: ServiceDeps, opts: { pollMs?: number; render?: MailRenderer } = {}) {
  const { db, clock, config, log } = deps;
  const warn = (message: string, detail?: unknown) => (log as Console).warn(`mail: ${message}`, detail ?? '');
  const loop = createRunLoop(runOnce, { pollMs: opts.pollMs ?? DEFAULT_POLL_MS, warn });
  const counts: MailCounts = { sent: 0, retried: 0, failed: 0, undeliverable: 0 };
  let render = opts.render;
  let transport: Transporter | undefined;
  let nextSendAt = 0;

  const transporter = () =>
    (transport ??= nodemailer.createTransport({ url: config.mail.smtpUrl, pool: true, maxConnections: PARALLEL } as never, {
      from: config.mail.from.name ? { name: config.mail.from.name, address: config.mail.from.address } : config.mail.from.address,
    }));

  /** MAIL_RATE: each send waits for its turn on this instance. */
  async function pace() {
    const gap = 1000 / config.mail.ratePerSecond;
    const wait = nextSendAt - performance.now();
    nextSendAt = Math.max(performance.now(), nextSendAt) + gap;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Claims up to BATCH due rows; those claimed MAX_MAIL_ATTEMPTS times already are given up instead. Null: none due. */
  async function claim(now: Date): Promise<Claimed[] | null> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.dueAt, now),
            or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
          ),
        )
        .orderBy(asc(mailOutbox.dueAt), asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return null;
      const spent = rows.filter((r) => r.attempts >= MAX_MAIL_ATTEMPTS).map((r) => r.id);
      if (spent.length) {
        warn(`gave up on ${spent.length} mail(s) claimed ${MAX_MAIL_ATTEMPTS} times without a result`);
        counts.failed += spent.length;
        await tx
          .update(mailOutbox)
          .set({ status: 'failed', claimedUntil: null, lastError: 'claimed too often without a result' })
          .where(inArray(mailOutbox.id, spent));
      }
      const taken = rows.filter((r) => r.attempts < MAX_MAIL_ATTEMPTS);
      if (taken.length === 0) return [];
      await tx
        .update(mailOutbox)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            taken.map((r) => r.id),
          ),
        );
      return taken.map((r) => ({ ...r, attempts: r.attempts + 1 }));
    });
  }

  async function isUndeliverable(address: string) {
    const [row] = await db
      .select({ address: mailUndeliverable.address })
      .from(mailUndeliverable)
      .where(eq(mailUndeliverable.address, address));
    return row !== undefined;
  }

  /** One SMTP transaction; what became of it. */
  async function deliver(row: Claimed): Promise<{ outcome: MailOutcome; reason?: string }> {
    if (await isUndeliverable(row.toAddress)) return { outcome: 'undeliverable', reason: 'refused earlier' };
    const mail: RenderedMail | null =
      row.subject !== null && row.textBody !== null
        ? { subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined }
        : ((await render?.(row)) ?? null);
    if (!mail) return { outcome: 'dropped' };
    await pace();
    try {
      await transporter().sendMail({ to: row.toAddress, ...mail });
      return { outcome: 'sent' };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  async function settle(row: Claimed, outcome: MailOutcome, reason?: string) {
    const now = clock.now();
    if (outcome === 'sent') {
      counts.sent++;
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    if (outcome === 'dropped') {
      await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      return;
    }
    if (outcome === 'undeliverable') {
      counts.undeliverable++;
      await db
        .insert(mailUndeliverable)
        .values({ address: row.toAddress, reason: reason ?? 'refused' })
        .onConflictDoNothing();
      await db
        .update(mailOutbox)
        .set({ status: 'undeliverable', claimedUntil: null, lastError: reason })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    const delay = RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      counts.failed++;
      warn(`gave up on a mail after ${row.attempts} attempts: ${reason}`);
      await db
        .update(mailOutbox)
        .set({ status: 'failed', claimedUntil: null, lastError: reason })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    counts.retried++;
    await db
      .update(mailOutbox)
      .set({ dueAt: new Date(now.getTime() + delay), claimedUntil: null, lastError: reason })
      .where(eq(mailOutbox.id, row.id));
  }

  /** Sends one claimed row and records what became of it; never throws, so it holds back no other. */
  async function sendOne(row: Claimed): Promise<MailOutcome> {
    let result: { outcome: MailOutcome; reason?: string };
    try {
      result = await deliver(row);
    } catch (error) {
      warn('could not send a mail; will retry', error);
      result = { outcome: 'retry', reason: String((error as Error).message ?? error) };
    }
    await settle(row, result.outcome, result.reason).catch((error: unknown) => warn('could not record a mail', error));
    return result.outcome;
  }

  /** Sends every due row; returns how many mails went out. */
  async function runOnce(): Promise<number> {
    if (!config.mail.smtpUrl) return 0;
    return sendClaimed(() => claim(clock.now()), PARALLEL, sendOne);
  }

  return {
    runOnce,
    kick: loop.kick,
    counts,
    setRenderer(renderer: MailRenderer) {
      render = renderer;
    },
    /** Starts sending on this instance: at once and every poll (another instance may have queued). */
    start() {
      if (config.mail.smtpUrl) loop.start();
    },
    /** Stops the timer, waits for a run under way and closes the SMTP connections. */
    async stop() {
      await loop.stop();
      transport?.close();
      transport = undefined;
    },
  };
}
export type MailSender = ReturnType<typeof createMailSender>;
