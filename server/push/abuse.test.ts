// Flooding the public push API (issue 35): one address making hundreds of subscriptions in a
// minute, and the bound on how many the table holds in all. Over HTTP, on both databases.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { useTestApp } from '../test/app.ts';
import { pushSubscriptions } from '../db/schema.ts';
import { PUSH_MESSAGES } from '../../contract/push.ts';

const PER_MINUTE = 20;
const MAX_STORED = 60;
const t = useTestApp({
  env: {
    PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com',
    PUSH_RATE_LIMIT: String(PER_MINUTE),
    PUSH_MAX_SUBSCRIPTIONS: String(MAX_STORED),
  },
});

let n = 0;
/** A browser's subscription: a fresh endpoint and real keys. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/abuse-${++n}-${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
const send = (method: 'POST' | 'DELETE', from: string, payload: unknown) =>
  t.app.inject({ method, url: '/api/public/push/subscriptions', remoteAddress: from, payload: payload as object });
const subscribe = (from: string, subscription = browser(), topics = ['breaking']) => send('POST', from, { subscription, topics });
const stored = async () => (await t.services.db.select({ n: count() }).from(pushSubscriptions))[0].n;

describe('flooding push subscriptions', () => {
  it('one address making 261 subscriptions in a row gets its limit per minute, then 429; others are not held back', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 261; i++) codes.push((await subscribe('203.0.113.5')).statusCode);
    expect(codes.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(201));
    expect(codes.slice(PER_MINUTE)).toEqual(Array(261 - PER_MINUTE).fill(429));
    expect(await stored()).toBe(PER_MINUTE);
    const refused = await subscribe('203.0.113.5');
    expect(refused.json().message).toMatch(/too many/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await subscribe('203.0.113.6')).statusCode).toBe(201);
  });

  it(`the table holds at most PUSH_MAX_SUBSCRIPTIONS (${MAX_STORED}): then 503, while subscribed browsers still change topics and leave`, async () => {
    const kept: ReturnType<typeof browser>[] = [];
    let i = 0;
    let last = 201;
    // Many addresses, each under its limit.
    while (last === 201 && i < MAX_STORED * 2) {
      const subscription = browser();
      last = (await subscribe(`198.51.100.${++i}`, subscription)).statusCode;
      if (last === 201) kept.push(subscription);
    }
    expect(last).toBe(503);
    expect(await stored()).toBe(MAX_STORED);
    const full = await subscribe('192.0.2.1');
    expect(full.statusCode).toBe(503);
    expect(full.json()).toEqual({ message: PUSH_MESSAGES.full });
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    const [mine] = kept;
    expect((await subscribe('192.0.2.2', mine, ['breaking', 'district:guntur'])).statusCode).toBe(201);
    expect((await send('DELETE', '192.0.2.2', { endpoint: mine.endpoint, auth: mine.keys.auth })).statusCode).toBe(204);
    // Leaving made room for one.
    expect((await subscribe('192.0.2.3')).statusCode).toBe(201);
    expect((await subscribe('192.0.2.4')).statusCode).toBe(503);
    expect(await stored()).toBe(MAX_STORED);
  });
});
