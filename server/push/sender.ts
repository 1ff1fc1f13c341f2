// The push sender, running in the background on every instance (started by main.ts). It works the
// outbox the lifecycle writes (./outbox.ts) in two steps, each claimed with FOR UPDATE SKIP LOCKED
// so two instances never take the same row:
// 1. an event (a story to push) becomes one delivery per subscription that follows its topics;
//    a category or district push skips a subscription that had any push in the last 10 minutes
//    (breaking news always goes);
// 2. due deliveries are claimed for a while (claimed_until), sent, and deleted once the push service
//    has taken them; 404/410, or keys no push can be encrypted to, remove the subscription; 429, 5xx
//    and network failures are retried later, a few times. Each delivery's failure is its own: one
//    bad subscription never holds back another. An instance that dies mid-send leaves its claims to
//    expire: another takes them, so such a push may arrive twice; a delivery claimed
//    MAX_PUSH_ATTEMPTS times is given up, whatever became of its claims.
// Requests are RFC 8030 (TTL, Urgency) with an RFC 8291 aes128gcm payload and an RFC 8292 VAPID
// token, made by the web-push package; we send them ourselves so that the endpoint's host is checked
// again right before and a redirect is never followed.
import { createRunLoop, sendClaimed } from '../db/outbox-runs.ts';
import webpush from 'web-push';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { pushDeliveries, pushEvents, pushSubscriptions } from '../db/schema.ts';
import { loadArticle } from '../articles/model.ts';
import { endpointProblem, keysProblem, type PushService } from './service.ts';
import type { PushPayload } from '../../contract/push.ts';
import type { PushKind } from './outbox.ts';

/** A subscription gets at most one category or district push in this long. */
export const TOPIC_PUSH_GAP_MS = 10 * 60_000;
/** Retries after a failure: then the delivery is given up. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
/** Claims of one delivery at most: the first send and its retries. */
export const MAX_PUSH_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const CLAIM_MS = 2 * 60_000;
const BATCH = 50;
const PARALLEL = 8;
const REQUEST_TIMEOUT_MS = 15_000;
const DEFAULT_POLL_MS = 10_000;
/** What a push service keeps a push for while the phone is away, and how urgently it wakes it (RFC 8030). */
const DELIVERY: Record<PushKind, { TTL: number; urgency: 'high' | 'normal' }> = {
  breaking: { TTL: 6 * 3600, urgency: 'high' },
  published: { TTL: 12 * 3600, urgency: 'normal' },
};
/** Push services take at most 4096 bytes; the encryption adds its header and padding. */
const MAX_PAYLOAD_BYTES = 3000;

type Claimed = {
  id: number;
  attempts: number;
  eventId: number;
  kind: PushKind;
  articleId: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export type SendOutcome = 'sent' | 'gone' | 'retry' | 'dropped';

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function createPushSender(deps: ServiceDeps, push: PushService, opts: { pollMs?: number } = {}) {
  const { db, changes, clock, config, log } = deps;
  const warn = (message: string, detail?: unknown) => (log as Console).warn(`push: ${message}`, detail ?? '');
  const loop = createRunLoop(runOnce, { pollMs: opts.pollMs ?? DEFAULT_POLL_MS, warn });
  let unsubscribe: (() => void) | undefined;

  /** Turns the oldest unexpanded event into deliveries; false when there was none to take. */
  async function expandOne(now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(pushEvents)
        .where(isNull(pushEvents.expandedAt))
        .orderBy(asc(pushEvents.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!event) return false;
      const follows = sql`${pushSubscriptions.topics} && ARRAY[${sql.join(
        event.topics.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;
      const since = new Date(now.getTime() - TOPIC_PUSH_GAP_MS).toISOString();
      const rested =
        event.kind === 'breaking' ? sql`true` : sql`(last_pushed_at IS NULL OR last_pushed_at <= ${since}::timestamptz)`;
      // One statement: the subscriptions chosen are marked as pushed and get their delivery together.
      await tx.execute(sql`
        WITH chosen AS (
          UPDATE push_subscriptions SET last_pushed_at = ${now.toISOString()}::timestamptz
          WHERE ${follows} AND ${rested}
          RETURNING id
        )
        INSERT INTO push_deliveries (event_id, subscription_id, due_at)
        SELECT ${event.id}, id, ${now.toISOString()}::timestamptz FROM chosen
        ON CONFLICT DO NOTHING`);
      await tx.update(pushEvents).set({ expandedAt: now }).where(eq(pushEvents.id, event.id));
      return true;
    });
  }

  /**
   * Claims up to BATCH due deliveries for this instance; those claimed MAX_PUSH_ATTEMPTS times
   * already are given up instead. Null when none was due.
   */
  async function claim(now: Date): Promise<Claimed[] | null> {
    const ids = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: pushDeliveries.id, attempts: pushDeliveries.attempts })
        .from(pushDeliveries)
        .where(
          and(lte(pushDeliveries.dueAt, now), or(isNull(pushDeliveries.claimedUntil), lte(pushDeliveries.claimedUntil, now))),
        )
        .orderBy(asc(pushDeliveries.dueAt), asc(pushDeliveries.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return null;
      const spent = rows.filter((r) => r.attempts >= MAX_PUSH_ATTEMPTS).map((r) => r.id);
      if (spent.length) {
        warn(`gave up on ${spent.length} push(es) claimed ${MAX_PUSH_ATTEMPTS} times without a result`);
        await tx.delete(pushDeliveries).where(inArray(pushDeliveries.id, spent));
      }
      const taken = rows.filter((r) => r.attempts < MAX_PUSH_ATTEMPTS).map((r) => r.id);
      if (taken.length === 0) return [];
      await tx
        .update(pushDeliveries)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${pushDeliveries.attempts} + 1` })
        .where(inArray(pushDeliveries.id, taken));
      return taken;
    });
    if (ids === null) return null;
    if (ids.length === 0) return [];
    return db
      .select({
        id: pushDeliveries.id,
        attempts: pushDeliveries.attempts,
        eventId: pushEvents.id,
        kind: pushEvents.kind,
        articleId: pushEvents.articleId,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushDeliveries)
      .innerJoin(pushEvents, eq(pushEvents.id, pushDeliveries.eventId))
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
      .where(inArray(pushDeliveries.id, ids));
  }

  /** What the phone shows: the story's title, summary, address and picture (null: it is no longer public). */
  async function payloadOf(kind: PushKind, articleId: number): Promise<PushPayload | null> {
    const article = await loadArticle(db, articleId);
    if (!article || article.approvalStatus !== 'APPROVED') return null;
    const picture = article.images[0]?.shareUrl;
    const payload: PushPayload = {
      kind,
      title: cut(article.title, 200),
      body: cut(article.shortDescription, 300),
      url: `${config.publicUrl}/article/${article.id}`,
      ...(picture ? { image: new URL(picture, `${config.publicUrl}/`).href } : {}),
      tag: `article-${article.id}`,
    };
    // Telugu is three bytes a letter: trim the summary, then the title, until it fits.
    while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES)
      if (payload.body.length > 20) payload.body = cut(payload.body, Math.floor(payload.body.length * 0.8));
      else payload.title = cut(payload.title, Math.floor(payload.title.length * 0.8));
    return payload;
  }

  /** One request to the push service; what became of it. */
  async function deliver(row: Claimed, payload: PushPayload): Promise<{ outcome: SendOutcome; retryAfterMs?: number }> {
    if (endpointProblem(row.endpoint, config.push.endpointHosts)) return { outcome: 'gone' };
    // Stored before the curve check existed: no push can ever be encrypted to it.
    if (keysProblem(row)) {
      warn(`removed a subscription on ${new URL(row.endpoint).host} whose keys no push can be encrypted to`);
      return { outcome: 'gone' };
    }
    const { publicKey, privateKey } = await push.vapidKeys();
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.push.contact, publicKey, privateKey },
        contentEncoding: 'aes128gcm',
        ...DELIVERY[row.kind],
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(row.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      warn(`could not reach ${new URL(row.endpoint).host}; will retry`, (error as Error).message);
      return { outcome: 'retry' };
    }
    const { status } = response;
    if (status >= 200 && status < 300) return { outcome: 'sent' };
    if (status === 404 || status === 410) return { outcome: 'gone' };
    if (status === 429 || status >= 500) {
      const seconds = Number(response.headers.get('retry-after'));
      return {
        outcome: 'retry',
        retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : undefined,
      };
    }
    // 400, 401, 403, 413, a redirect: sending it again would be refused again.
    warn(`${new URL(row.endpoint).host} refused a push with ${status}`);
    return { outcome: 'dropped' };
  }

  async function settle(row: Claimed, outcome: SendOutcome, retryAfterMs?: number) {
    if (outcome === 'gone') {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      return;
    }
    const delay = RETRY_DELAYS_MS[row.attempts - 1];
    if (outcome === 'retry' && delay !== undefined) {
      const dueAt = new Date(clock.now().getTime() + Math.max(delay, retryAfterMs ?? 0));
      await db.update(pushDeliveries).set({ dueAt, claimedUntil: null }).where(eq(pushDeliveries.id, row.id));
      return;
    }
    if (outcome === 'retry') warn(`gave up on a push to ${new URL(row.endpoint).host} after ${row.attempts} attempts`);
    await db.delete(pushDeliveries).where(eq(pushDeliveries.id, row.id));
  }

  /** Sends one claimed delivery and records what became of it; never throws, so it holds back no other. */
  async function sendOne(row: Claimed, payloads: Map<string, Promise<PushPayload | null>>): Promise<SendOutcome> {
    let result: { outcome: SendOutcome; retryAfterMs?: number };
    try {
      const key = `${row.kind}:${row.articleId}`;
      if (!payloads.has(key)) payloads.set(key, payloadOf(row.kind, row.articleId));
      const payload = await payloads.get(key)!;
      result = payload ? await deliver(row, payload) : { outcome: 'dropped' };
    } catch (error) {
      // Unforeseen (the database, the encryption): retried as a failed send is, as often.
      warn(`could not send a push to ${URL.parse(row.endpoint)?.host ?? 'a subscription'}; will retry`, error);
      result = { outcome: 'retry' };
    }
    await settle(row, result.outcome, result.retryAfterMs).catch((error: unknown) => warn('could not record a push', error));
    return result.outcome;
  }

  /** Expands every waiting event and sends every due delivery; returns how many pushes went out. */
  async function runOnce(): Promise<number> {
    while (await expandOne(clock.now()));
    const payloads = new Map<string, Promise<PushPayload | null>>();
    return sendClaimed(
      () => claim(clock.now()),
      PARALLEL,
      (row) => sendOne(row, payloads),
    );
  }

  return {
    runOnce,
    kick: loop.kick,
    /** Starts sending on this instance: at once, after any content change (a push may have been queued anywhere), and every poll. */
    start() {
      if (!loop.start()) return;
      unsubscribe = changes.onChange((_change, notices) => {
        if (notices.length === 0 || notices.some((n) => n.kind === 'articles' || n.kind === 'breaking')) void loop.kick();
      });
    },
    /** Stops the timer and waits for a run under way. */
    async stop() {
      unsubscribe?.();
      await loop.stop();
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
