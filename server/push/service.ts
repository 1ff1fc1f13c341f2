// Web Push for readers (no account, no cookie): the site's VAPID keys, made at first start and kept
// in the database so every instance signs with the same pair; subscriptions and their topics; and
// the rule that an endpoint must be on a push service named in PUSH_ENDPOINT_HOSTS (https only, a
// loopback host only when listed, for tests): the server sends requests to those hosts and no other.
import webpush from 'web-push';
import { eq, inArray } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { categories, pushKeys, pushSubscriptions } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { CATEGORY_TOPIC, PUSH_MESSAGES, type PushSubscribeRequest } from '../../contract/push.ts';

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

export type VapidKeys = { publicKey: string; privateKey: string };

export function createPushService(deps: ServiceDeps) {
  const { db, config } = deps;
  let keys: Promise<VapidKeys> | undefined;

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
     * Subscribes a browser (or replaces the topics and keys of one already subscribed). The
     * endpoint's host and every category named are checked first: nothing is stored on a refusal.
     */
    async subscribe({ subscription, topics }: PushSubscribeRequest): Promise<{ topics: string[] }> {
      const problem = endpointProblem(subscription.endpoint, config.push.endpointHosts);
      if (problem) throw badRequest(problem, { 'subscription.endpoint': problem });
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
      const { endpoint, keys } = subscription;
      await db
        .insert(pushSubscriptions)
        .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth, topics })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: keys.p256dh, auth: keys.auth, topics } });
      return { topics };
    },

    /** Leaves: the subscription and any pushes still waiting for it go (unknown endpoints too: nothing to do). */
    async unsubscribe(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
