// Web Push: what a reader's browser sends to opt in or out, and what the site answers (docs/api.md).
// The push-service host rule needs the server's configuration: server/push/service.ts applies it.
import { z } from 'zod';
import { districtBySlug } from './districts.ts';
import { routeGroup } from './route-group.ts';
import { ErrorBody, NoContent } from './http.ts';
import { ISLAND_ROUTES } from './island-routes.ts';

/** Topics one browser may follow at most: breaking news, and a handful of categories or districts. */
export const MAX_PUSH_TOPICS = 20;
export const MAX_ENDPOINT_LENGTH = 2048;

/** 'breaking', 'category:<id>' or 'district:<slug>' (a slug of contract/districts.ts). */
export const PUSH_TOPIC = /^(?:breaking|category:[1-9][0-9]{0,9}|district:[a-z0-9]+(?:-[a-z0-9]+)*)$/;
export const DISTRICT_TOPIC = /^district:([a-z0-9-]+)$/;
export const CATEGORY_TOPIC = /^category:([0-9]+)$/;

export const PUSH_MESSAGES = {
  noKeys: 'subscription.keys is required: the browser’s p256dh and auth keys.',
  badP256dh: 'subscription.keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url).',
  badAuth: 'subscription.keys.auth must be the browser’s 16-byte auth secret (base64url).',
  leaveAuth:
    'auth must be the subscription’s 16-byte auth secret (its keys.auth, base64url): it proves the subscription is yours.',
  notYours: 'This endpoint is subscribed with another auth secret: only the browser that holds it may change or remove it.',
  full: 'This site takes no more push subscriptions for now. Please try again later.',
  badEndpoint: 'subscription.endpoint must be a URL.',
  hostNotAllowed: 'subscription.endpoint is not on a push service this site sends to.',
  notHttps: 'subscription.endpoint must be an https URL.',
  topic: 'must be breaking, category:<id> or district:<slug>',
  noTopics: 'topics must name at least one topic.',
  tooManyTopics: `topics may name at most ${MAX_PUSH_TOPICS} topics.`,
  duplicateTopic: 'topics names the same topic twice.',
  noSuchCategory: 'no such category',
  noSuchDistrict: 'no such district',
} as const;

/** Bytes of a base64url text (padding allowed), or -1 when it is not base64url. */
export function base64urlLength(value: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return -1;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

const Key = (bytes: number, message: string, check?: (value: string) => boolean) =>
  z
    .string({ error: message })
    .max(200, message)
    .refine((v) => base64urlLength(v) === bytes && (!check || check(v)), message);

/** An uncompressed P-256 point starts with 0x04 (base64url 'B'). */
export const PushKeysSchema = z.object(
  {
    p256dh: Key(65, PUSH_MESSAGES.badP256dh, (v) => v.startsWith('B')),
    auth: Key(16, PUSH_MESSAGES.badAuth),
  },
  { error: PUSH_MESSAGES.noKeys },
);

/** `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: PUSH_MESSAGES.badEndpoint })
      .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.badEndpoint)
      .refine((v) => URL.canParse(v), PUSH_MESSAGES.badEndpoint),
    expirationTime: z.number().nullable().optional(),
    keys: PushKeysSchema,
  },
  { error: 'subscription is required: the browser’s PushSubscription as JSON.' },
);

export const PushTopicSchema = z
  .string()
  .max(80, PUSH_MESSAGES.topic)
  .regex(PUSH_TOPIC, PUSH_MESSAGES.topic)
  .refine((topic) => {
    const district = DISTRICT_TOPIC.exec(topic)?.[1];
    return district === undefined || districtBySlug(district) !== undefined;
  }, PUSH_MESSAGES.noSuchDistrict);

export const PushSubscribeSchema = z.object({
  subscription: PushSubscriptionSchema,
  topics: z
    .array(PushTopicSchema, { error: PUSH_MESSAGES.noTopics })
    .min(1, PUSH_MESSAGES.noTopics)
    .max(MAX_PUSH_TOPICS, PUSH_MESSAGES.tooManyTopics)
    .refine((list) => new Set(list).size === list.length, PUSH_MESSAGES.duplicateTopic),
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeSchema>;

/** Leaving: the endpoint the browser was subscribed with, and its auth secret to prove it is this browser. */
export const PushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.badEndpoint })
    .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.badEndpoint)
    .refine((v) => URL.canParse(v), PUSH_MESSAGES.badEndpoint),
  auth: Key(16, PUSH_MESSAGES.leaveAuth),
});

export const PushKeySchema = z.object({
  /** The site's VAPID public key (an uncompressed P-256 point, base64url): the browser's applicationServerKey. */
  publicKey: z.string(),
});

export const PushSubscribedSchema = z.object({ topics: z.array(z.string()) });

/** What a push carries, encrypted for the browser (RFC 8291); the service worker shows it. */
export const PushPayloadSchema = z.object({
  kind: z.enum(['breaking', 'published']),
  title: z.string(),
  body: z.string(),
  /** The story's address on this site. */
  url: z.string(),
  /** Its first picture (absolute URL), if any. */
  image: z.string().optional(),
  /** One notification per story: a second push of it replaces the first. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const tags = ['push'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const anyone = routeGroup({ tags, access: 'public' });
/** Both writes are limited per client address (PUSH_RATE_LIMIT, server/push/routes.ts). */
const limited = { 403: ErrorBody, 429: ErrorBody };

/**
 * The push API (contract/route.ts). No cookie is read or set: the subscription's endpoint is the
 * browser's only name, and its auth secret (known only to the browser and this site) proves it.
 */
export const PUSH_ROUTES = {
  key: reader.at(ISLAND_ROUTES.pushKey, {
    summary: 'The VAPID public key for PushManager.subscribe (applicationServerKey)',
    response: PushKeySchema,
  }),
  subscribe: anyone.at(ISLAND_ROUTES.pushSubscribe, {
    summary: 'Opt in to pushes: breaking news, categories, districts (again: replaces the topics)',
    description:
      'Topics: `breaking`, `category:<id>`, `district:<slug>`. The endpoint must be on a push service ' +
      'the site sends to (PUSH_ENDPOINT_HOSTS, docs/configuration.md); otherwise 400 and nothing is stored. ' +
      'An endpoint already subscribed is changed only with its own `keys.auth` (else 403). 429 beyond PUSH_RATE_LIMIT ' +
      'a minute from one address; 503 with Retry-After once PUSH_MAX_SUBSCRIPTIONS are stored.',
    body: PushSubscribeSchema,
    response: PushSubscribedSchema,
    errors: { ...limited, 503: ErrorBody },
  }),
  unsubscribe: anyone.at(ISLAND_ROUTES.pushUnsubscribe, {
    summary: 'Leave: no more pushes to this endpoint (204 whether or not it was subscribed)',
    description: 'Takes the subscription’s `auth` secret: a subscribed endpoint with another one is 403 and kept.',
    body: PushUnsubscribeSchema,
    response: NoContent,
    errors: limited,
  }),
};
