// Web Push for readers (no account, no cookie): the site's VAPID keys, made at first start and kept
// in the database so every instance signs with the same pair; subscriptions and their topics; and
// the rule that an endpoint must be on a push service named in PUSH_ENDPOINT_HOSTS (https only, a
// loopback host only when listed, for tests): the server sends requests to those hosts and no other.
// A subscription is changed or removed only with its auth secret, and the table holds at most
// PUSH_MAX_SUBSCRIPTIONS (docs/security.md).
import { createPublicKey } from 'node:crypto';
import webpush from 'web-push';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { categories, pushKeys, pushSubscriptions } from '../db/schema.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { base64urlLength, CATEGORY_TOPIC, PUSH_MESSAGES, type PushSubscribeRequest } from '../../contract/push.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why an endpoint is refused (null: it may be used). Checked when subscribing and again before each send. */
export function endpointProblem(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.badEndpoint;
  }
  if (url.username || url.password) return PUSH_MESSAGES.badEndpoint;
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
  if (!listed) return PUSH_MESSAGES.hostNotAllowed;
  if (LOOPBACK.has(host)) return url.protocol === 'https:' || url.protocol === 'http:' ? null : PUSH_MESSAGES.notHttps;
  if (url.protocol !== 'https:') return PUSH_MESSAGES.notHttps;
  // Push services answer on 443; another port on their host is not them.
  if (url.port && url.port !== '443') return PUSH_MESSAGES.hostNotAllowed;
  return null;
}

/**
 * Why a subscription's keys cannot be encrypted to (null: they can): p256dh must be a point on P-256,
 * which the contract's shape check cannot tell. Checked when subscribing and again before each send,
 * for rows an older version stored.
 */
export function keysProblem(keys: { p256dh: string; auth: string }): { field: 'p256dh' | 'auth'; message: string } | null {
  if (base64urlLength(keys.auth) !== 16) return { field: 'auth', message: PUSH_MESSAGES.badAuth };
  const point = base64urlLength(keys.p256dh) === 65 ? Buffer.from(keys.p256dh, 'base64url') : undefined;
  if (point?.[0] !== 4) return { field: 'p256dh', message: PUSH_MESSAGES.badP256dh };
  try {
    // OpenSSL refuses coordinates off the curve.
    const [x, y] = [point.subarray(1, 33), point.subarray(33)].map((b) => b.toString('base64url'));
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
    return null;
  } catch {
    return { field: 'p256dh', message: PUSH_MESSAGES.badP256dh };
  }
}

/** Stored subscriptions are recounted at most this often; in between, this instance counts its own inserts and leaves. */
const COUNT_FRESH_MS = 30_000;
const FULL_RETRY_AFTER_SECONDS = 3600;

const notYours = (field: string) => new HttpError(403, PUSH_MESSAGES.notYours, { [field]: PUSH_MESSAGES.notYours });
/** The browser sends keys unpadded; a padded spelling of the same secret is the same secret. */
const bare = (key: string) => key.replace(/=+$/, '');
const sameAuth = (auth: string) => sql`rtrim(${pushSubscriptions.auth}, '=') = ${bare(auth)}`;

export type VapidKeys = { publicKey: string; privateKey: string };

export function createPushService(deps: ServiceDeps) {
  const { db, config } = deps;
  let keys: Promise<VapidKeys> | undefined;
  let stored: { count: number; at: number } | undefined;

  async function storedCount(): Promise<number> {
    if (!stored || performance.now() - stored.at > COUNT_FRESH_MS) {
      const [row] = await db.select({ n: count() }).from(pushSubscriptions);
      stored = { count: row.n, at: performance.now() };
    }
    return stored.count;
  }

  /** Replaces the topics and keys of this endpoint's subscription if the auth secret is its own; false when there is none such. */
  async function change(endpoint: string, keys: { p256dh: string; auth: string }, topics: string[]): Promise<boolean> {
    const changed = await db
      .update(pushSubscriptions)
      .set({ p256dh: keys.p256dh, auth: keys.auth, topics })
      .where(and(eq(pushSubscriptions.endpoint, endpoint), sameAuth(keys.auth)))
      .returning({ id: pushSubscriptions.id });
    return changed.length > 0;
  }

  /** The key pair: read, or made and stored by the first instance to start (a second one's insert loses and reads it). */
  async function loadKeys(): Promise<VapidKeys> {
    const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    if (row) return { publicKey: row.publicKey, privateKey: row.privateKey };
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushKeys)
      .values({ id: 1, ...made })
      .onConflictDoNothing();
    const [kept] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }

  const vapidKeys = () => {
    keys ??= loadKeys().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  return {
    vapidKeys,

    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey;
    },

    /**
     * Subscribes a browser, or replaces the topics of one already subscribed when it proves it is
     * that browser (the same auth secret; else 403). The endpoint's host, the keys and every
     * category named are checked first: nothing is stored on a refusal. A new endpoint is refused
     * with 503 once the table holds PUSH_MAX_SUBSCRIPTIONS.
     */
    async subscribe({ subscription, topics }: PushSubscribeRequest): Promise<{ topics: string[] }> {
      const problem = endpointProblem(subscription.endpoint, config.push.endpointHosts);
      if (problem) throw badRequest(problem, { 'subscription.endpoint': problem });
      const keyProblem = keysProblem(subscription.keys);
      if (keyProblem) throw badRequest(keyProblem.message, { [`subscription.keys.${keyProblem.field}`]: keyProblem.message });
      const categoryIds = topics.flatMap((t) => {
        const m = CATEGORY_TOPIC.exec(t);
        return m ? [Number(m[1])] : [];
      });
      if (categoryIds.length) {
        const found = new Set(
          (
            await db
              .select({ id: categories.id })
              .from(categories)
              .where(
                inArray(
                  categories.id,
                  categoryIds.filter((id) => id <= 2_147_483_647),
                ),
              )
          ).map((r) => r.id),
        );
        const missing = topics.findIndex((t) => {
          const m = CATEGORY_TOPIC.exec(t);
          return m !== null && !found.has(Number(m[1]));
        });
        if (missing >= 0) {
          const message = `topics.${missing}: ${PUSH_MESSAGES.noSuchCategory} (${topics[missing]}).`;
          throw badRequest(message, { [`topics.${missing}`]: PUSH_MESSAGES.noSuchCategory });
        }
      }
      const { endpoint } = subscription;
      const keys = { p256dh: bare(subscription.keys.p256dh), auth: bare(subscription.keys.auth) };
      if (await change(endpoint, keys, topics)) return { topics };
      if ((await storedCount()) >= config.push.maxSubscriptions)
        throw new HttpError(503, PUSH_MESSAGES.full).with({}, { 'retry-after': String(FULL_RETRY_AFTER_SECONDS) });
      const [created] = await db
        .insert(pushSubscriptions)
        .values({ endpoint, ...keys, topics })
        .onConflictDoNothing({ target: pushSubscriptions.endpoint })
        .returning({ id: pushSubscriptions.id });
      if (created) {
        if (stored) stored.count++;
        return { topics };
      }
      // Stored meanwhile: by this browser (a second tap) it is changed, by another key it is not.
      if (await change(endpoint, keys, topics)) return { topics };
      throw notYours('subscription.keys.auth');
    },

    /**
     * Leaves: the subscription and any pushes still waiting for it go (an unknown endpoint: nothing
     * to do). Another auth secret than the subscription's is 403 and removes nothing.
     */
    async unsubscribe(endpoint: string, auth: string): Promise<void> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), sameAuth(auth)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length > 0) {
        if (stored) stored.count--;
        return;
      }
      const [kept] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      if (kept) throw notYours('auth');
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
