// Breaking news on the phone: the public push API (key, opt in, leave, bad input), and pushes end to
// end to a push service of our own on loopback that decrypts them with the subscription's keys and
// checks the VAPID token (server/test/push-endpoint.ts); on PostgreSQL also two instances sending.
// Abuse (rate limits, the cap on stored subscriptions) is in ./abuse.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayContains, count, eq } from 'drizzle-orm';
import { secondInstance, TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addArticle, addCategories, addReporter } from '../test/fixtures.ts';
import { startPushEndpoint, type PushEndpoint, type TestSubscription } from '../test/push-endpoint.ts';
import { articles, pushDeliveries, pushEvents, pushKeys, pushSubscriptions } from '../db/schema.ts';
import { endpointProblem } from './service.ts';
import { MAX_PUSH_ATTEMPTS, TOPIC_PUSH_GAP_MS } from './sender.ts';
import { PUSH_MESSAGES } from '../../contract/push.ts';
import { API } from '../../contract/api.ts';

// The per-address limit is tested in ./abuse.test.ts: every request here comes from one address.
const t = useTestApp({
  env: { PUSH_ENDPOINT_HOSTS: '127.0.0.1,fcm.googleapis.com,*.notify.windows.com', PUSH_RATE_LIMIT: '100000' },
});
/** The review's crafted key (issue 35): 65 bytes starting 0x04, but not a point on P-256. */
const OFF_CURVE_P256DH = `B${'A'.repeat(86)}`;
let endpoint: PushEndpoint;
let admin: SignedIn;
let reporterId: number;
let sport: number;
let cinema: number;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  [admin] = await t.signInAs('ADMIN');
  reporterId = (await addReporter(t.services.db, `push_reporter_${Date.now()}`)).id;
  [sport, cinema] = await addCategories(t.services.db, [`క్రీడలు ${Date.now()}`, `సినిమా ${Date.now()}`]);
});
afterAll(() => endpoint?.close());

const subscribe = (subscription: unknown, topics: unknown) => t.api(API.push.subscribe, { body: { subscription, topics } });
const leave = (body: unknown) => t.api(API.push.unsubscribe, { body });
const subscriptionCount = async () => (await t.services.db.select({ n: count() }).from(pushSubscriptions))[0].n;
const pushesTo = (name: string) => endpoint.received.filter((p) => p.name === name);
const story = (title: string, categoryIds: number[], status: 'APPROVED' | 'PENDING' = 'APPROVED') =>
  addArticle(t.services.db, {
    title,
    content: `<p>${title}: పూర్తి వివరాలు ఇక్కడ.</p>`,
    reporterId,
    categoryIds,
    status,
    withImage: true,
  });
const fcm = (token: string): TestSubscription => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${token}`,
  keys: endpoint.subscribe(`fcm-${token}`).keys,
});

describe('the push API', () => {
  it('gives the VAPID public key, made once and kept in the database', async () => {
    const first = await t.api(API.push.key);
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect((await t.api(API.push.key)).json().publicKey).toBe(publicKey);
    const rows = await t.services.db.select().from(pushKeys);
    expect(rows).toMatchObject([{ id: 1, publicKey }]);
  });

  it('subscribes a browser, replaces its topics on a second opt-in, and lets it leave', async () => {
    const subscription = fcm('opt-in-and-out');
    const res = await subscribe(subscription, ['breaking', `category:${sport}`, 'district:hyderabad']);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ topics: ['breaking', `category:${sport}`, 'district:hyderabad'] });
    expect((await subscribe(subscription, ['breaking'])).statusCode).toBe(201);
    const rows = await t.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toMatchObject([{ topics: ['breaking'], p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }]);
    const left = await leave({ endpoint: subscription.endpoint, auth: subscription.keys.auth });
    expect(left.statusCode).toBe(204);
    expect(
      await t.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
    ).toEqual([]);
    // Leaving twice is no error.
    expect((await leave({ endpoint: subscription.endpoint, auth: subscription.keys.auth })).statusCode).toBe(204);
  });

  it('changing or deleting a subscription takes its auth secret: knowing the endpoint is not enough', async () => {
    const mine = fcm('possession');
    expect((await subscribe(mine, ['breaking'])).statusCode).toBe(201);
    // Someone who learnt the endpoint, with keys of their own.
    const theirs = { endpoint: mine.endpoint, keys: fcm('possession-attacker').keys };
    const overwrite = await subscribe(theirs, [`category:${cinema}`]);
    expect(overwrite.statusCode).toBe(403);
    expect(overwrite.json()).toEqual({
      message: PUSH_MESSAGES.notYours,
      errors: { 'subscription.keys.auth': PUSH_MESSAGES.notYours },
    });
    const deleteIt = await leave({ endpoint: mine.endpoint, auth: theirs.keys.auth });
    expect(deleteIt.statusCode).toBe(403);
    expect(deleteIt.json().errors).toEqual({ auth: PUSH_MESSAGES.notYours });
    const noAuth = await leave({ endpoint: mine.endpoint });
    expect(noAuth.statusCode).toBe(400);
    expect(Object.keys(noAuth.json().errors)).toEqual(['auth']);
    const rows = await t.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, mine.endpoint));
    expect(rows).toMatchObject([{ topics: ['breaking'], p256dh: mine.keys.p256dh, auth: mine.keys.auth }]);
    // The browser itself changes its topics and leaves as before.
    expect((await subscribe(mine, ['breaking', `category:${sport}`])).statusCode).toBe(201);
    expect((await leave({ endpoint: mine.endpoint, auth: mine.keys.auth })).statusCode).toBe(204);
    expect(await t.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, mine.endpoint))).toEqual([]);
  });

  const good = () => fcm(`bad-input-${Math.random().toString(36).slice(2)}`);
  it.each([
    [
      'a subscription without keys',
      () => ({ endpoint: good().endpoint }),
      ['breaking'],
      'subscription.keys',
      PUSH_MESSAGES.noKeys,
    ],
    [
      'an auth secret of the wrong length',
      () => ({ ...good(), keys: { ...good().keys, auth: 'c2hvcnQ' } }),
      ['breaking'],
      'subscription.keys.auth',
      PUSH_MESSAGES.badAuth,
    ],
    [
      'a p256dh that is not a P-256 point',
      () => ({ ...good(), keys: { ...good().keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } }),
      ['breaking'],
      'subscription.keys.p256dh',
      PUSH_MESSAGES.badP256dh,
    ],
    [
      'a p256dh of the right length and prefix that is not on the curve',
      () => ({ ...good(), keys: { ...good().keys, p256dh: OFF_CURVE_P256DH } }),
      ['breaking'],
      'subscription.keys.p256dh',
      PUSH_MESSAGES.badP256dh,
    ],
    [
      'a host that is not a push service',
      () => ({ ...good(), endpoint: 'https://attacker.example.com/push/1' }),
      ['breaking'],
      'subscription.endpoint',
      PUSH_MESSAGES.hostNotAllowed,
    ],
    [
      'an internal address',
      () => ({ ...good(), endpoint: 'https://169.254.169.254/latest/meta-data' }),
      ['breaking'],
      'subscription.endpoint',
      PUSH_MESSAGES.hostNotAllowed,
    ],
    [
      'a push service over http',
      () => ({ ...good(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
      ['breaking'],
      'subscription.endpoint',
      PUSH_MESSAGES.notHttps,
    ],
    ['an unknown topic shape', () => good(), ['breaking', 'weather'], 'topics.1', PUSH_MESSAGES.topic],
    ['a district slug of the wrong shape', () => good(), ['district:Hyderabad!'], 'topics.0', PUSH_MESSAGES.topic],
    ['a district that does not exist', () => good(), ['district:atlantis'], 'topics.0', PUSH_MESSAGES.noSuchDistrict],
    ['no topics', () => good(), [], 'topics', PUSH_MESSAGES.noTopics],
    ['a category that does not exist', () => good(), ['breaking', 'category:999999'], 'topics.1', PUSH_MESSAGES.noSuchCategory],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_what, make, topics, field, message) => {
    const before = await subscriptionCount();
    const res = await subscribe(make(), topics);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(res.json().message).toContain(
      field === 'topics.1' && message === PUSH_MESSAGES.topic ? message : message.slice(0, 20),
    );
    expect(await subscriptionCount()).toBe(before);
  });

  it('refuses a body without a subscription, and a leave without an endpoint', async () => {
    const res = await t.api(API.push.subscribe, { body: { topics: ['breaking'] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['subscription']);
    const left = await leave({});
    expect(left.statusCode).toBe(400);
    expect(Object.keys(left.json().errors).sort()).toEqual(['auth', 'endpoint']);
  });

  it('accepts only listed hosts, a wildcard matching subdomains, https except on loopback', () => {
    const hosts = ['fcm.googleapis.com', '*.notify.windows.com', '127.0.0.1'];
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/a', hosts)).toBeNull();
    expect(endpointProblem('https://wns2-par02p.notify.windows.com/w/?token=a', hosts)).toBeNull();
    expect(endpointProblem('https://notify.windows.com/w/', hosts)).toBe(PUSH_MESSAGES.hostNotAllowed);
    expect(endpointProblem('https://evilnotify.windows.com/w/', hosts)).toBe(PUSH_MESSAGES.hostNotAllowed);
    expect(endpointProblem('https://fcm.googleapis.com.evil.com/x', hosts)).toBe(PUSH_MESSAGES.hostNotAllowed);
    expect(endpointProblem('https://fcm.googleapis.com:8443/x', hosts)).toBe(PUSH_MESSAGES.hostNotAllowed);
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(PUSH_MESSAGES.badEndpoint);
    expect(endpointProblem('http://127.0.0.1:9/push/a', hosts)).toBeNull();
    expect(endpointProblem('http://localhost:9/push/a', hosts)).toBe(PUSH_MESSAGES.hostNotAllowed);
    expect(endpointProblem('http://127.0.0.1:9/push/a', ['fcm.googleapis.com'])).toBe(PUSH_MESSAGES.hostNotAllowed);
  });
});

describe('pushes, end to end', () => {
  const subscribeAs = async (name: string, topics: string[]) => {
    const subscription = endpoint.subscribe(name);
    expect((await subscribe(subscription, topics)).statusCode).toBe(201);
    return subscription;
  };

  it('marking a story breaking pushes its title, summary, link and picture to every breaking subscriber, encrypted and signed', async () => {
    await subscribeAs('breaking-reader', ['breaking']);
    await subscribeAs('cinema-reader', [`category:${cinema}`]);
    const id = await story('వరదలు: హైదరాబాద్‌లో భారీ వర్షం', [sport]);
    const res = await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 2 } });
    expect(res.statusCode).toBe(200);
    // The act only queued it: nothing has been sent yet.
    expect(pushesTo('breaking-reader')).toEqual([]);
    expect(await t.services.db.select().from(pushEvents).where(eq(pushEvents.articleId, id))).toMatchObject([
      { kind: 'breaking', topics: ['breaking'] },
    ]);
    await t.services.pushSender.runOnce();
    expect(endpoint.problems).toEqual([]);
    const [push] = pushesTo('breaking-reader');
    expect(push.payload).toEqual({
      kind: 'breaking',
      title: 'వరదలు: హైదరాబాద్‌లో భారీ వర్షం',
      body: 'వరదలు: హైదరాబాద్‌లో భారీ వర్షం: పూర్తి వివరాలు ఇక్కడ.',
      url: `http://localhost:3000/article/${id}`,
      image: 'http://localhost:3000/media/fixture0cover-share.jpg',
      tag: `article-${id}`,
    });
    expect(push.headers.ttl).toBe(String(6 * 3600));
    expect(push.headers.urgency).toBe('high');
    expect(push.vapid.publicKey).toBe((await t.api(API.push.key)).json().publicKey);
    expect(push.vapid.sub).toBe('mailto:push@localhost');
    expect(pushesTo('cinema-reader')).toEqual([]);
    // Sent: nothing is left to send, and marking it again sends nothing more.
    expect(await t.services.db.select().from(pushDeliveries)).toEqual([]);
    await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 3 } });
    await t.services.pushSender.runOnce();
    expect(pushesTo('breaking-reader')).toHaveLength(1);
  });

  it('an approval pushes to its category’s followers, at most once per subscription in 10 minutes', async () => {
    await subscribeAs('sport-fan', [`category:${sport}`]);
    await subscribeAs('both-fan', [`category:${sport}`, `category:${cinema}`, 'district:guntur']);
    const first = await story('క్రికెట్: భారత్ విజయం', [sport], 'PENDING');
    expect((await t.api(API.review.approve, { params: { id: first }, cookie: admin.cookie })).statusCode).toBe(200);
    await t.services.pushSender.runOnce();
    expect(pushesTo('sport-fan').map((p) => p.payload.title)).toEqual(['క్రికెట్: భారత్ విజయం']);
    // One push for a story in two of its categories.
    expect(pushesTo('both-fan')).toHaveLength(1);
    expect(pushesTo('sport-fan')[0].headers.urgency).toBe('normal');

    const second = await story('సినిమా: కొత్త విడుదల', [sport, cinema], 'PENDING');
    await t.api(API.review.approve, { params: { id: second }, cookie: admin.cookie });
    await t.services.pushSender.runOnce();
    expect(pushesTo('sport-fan')).toHaveLength(1);
    expect(pushesTo('both-fan')).toHaveLength(1);

    const now = Date.now();
    t.services.clock.now = () => new Date(now + TOPIC_PUSH_GAP_MS + 1000);
    try {
      const third = await story('కబడ్డీ: ఫైనల్', [sport], 'PENDING');
      await t.api(API.review.approve, { params: { id: third }, cookie: admin.cookie });
      await t.services.pushSender.runOnce();
    } finally {
      t.services.clock.now = () => new Date();
    }
    expect(pushesTo('sport-fan').map((p) => p.payload.title)).toEqual(['క్రికెట్: భారత్ విజయం', 'కబడ్డీ: ఫైనల్']);
    expect(endpoint.problems).toEqual([]);
  });

  it('an approval pushes to the followers of its district', async () => {
    await subscribeAs('krishna-reader', ['district:krishna']);
    await subscribeAs('nellore-reader', ['district:nellore']);
    const id = await story('మచిలీపట్నం: ఓడరేవు పనులు', [cinema], 'PENDING');
    await t.services.db.update(articles).set({ district: 'krishna' }).where(eq(articles.id, id));
    expect((await t.api(API.review.approve, { params: { id }, cookie: admin.cookie })).statusCode).toBe(200);
    await t.services.pushSender.runOnce();
    expect(pushesTo('krishna-reader').map((p) => p.payload.title)).toEqual(['మచిలీపట్నం: ఓడరేవు పనులు']);
    expect(pushesTo('nellore-reader')).toEqual([]);
  });

  it('a 404 or 410 from the push service removes the subscription', async () => {
    const gone = await subscribeAs('gone-reader', ['breaking']);
    const expired = await subscribeAs('expired-reader', ['breaking']);
    endpoint.answer('gone-reader', 410);
    endpoint.answer('expired-reader', 404);
    await t.api(API.review.markBreaking, {
      params: { id: await story('భూకంపం', [sport]) },
      cookie: admin.cookie,
      body: { hours: 1 },
    });
    await t.services.pushSender.runOnce();
    expect(endpoint.refused).toEqual(
      expect.arrayContaining([
        { name: 'gone-reader', status: 410 },
        { name: 'expired-reader', status: 404 },
      ]),
    );
    for (const s of [gone, expired])
      expect(await t.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint))).toEqual([]);
  });

  it('a failing push service is tried again later; the push arrives once', async () => {
    await subscribeAs('flaky-reader', ['breaking']);
    endpoint.answer('flaky-reader', 503, 429);
    const id = await story('ఎన్నికల ఫలితాలు', [sport]);
    await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 1 } });
    await t.services.pushSender.runOnce();
    expect(pushesTo('flaky-reader').filter((p) => p.payload.url === `http://localhost:3000/article/${id}`)).toEqual([]);
    const [waiting] = await t.services.db.select().from(pushDeliveries);
    expect(waiting).toMatchObject({ attempts: 1, claimedUntil: null });
    const start = Date.now();
    try {
      for (const later of [31_000, 31_000 + 121_000]) {
        t.services.clock.now = () => new Date(start + later);
        await t.services.pushSender.runOnce();
      }
    } finally {
      t.services.clock.now = () => new Date();
    }
    expect(endpoint.refused.filter((r) => r.name === 'flaky-reader').map((r) => r.status)).toEqual([503, 429]);
    expect(pushesTo('flaky-reader').filter((p) => p.payload.url === `http://localhost:3000/article/${id}`)).toHaveLength(1);
    expect(await t.services.db.select().from(pushDeliveries)).toEqual([]);
  });

  it('subscriptions whose key is not a curve point (stored by an older version) hold back no one: every reader is served in the same run, and they are removed', async () => {
    // Interleaved, so the crafted rows share every batch with real readers.
    const readers: string[] = [];
    for (let i = 0; i < 20; i++) {
      readers.push(`served-${i}`);
      await subscribeAs(`served-${i}`, ['breaking']);
      await t.services.db.insert(pushSubscriptions).values(
        Array.from({ length: 5 }, (_, j) => ({
          endpoint: `${endpoint.origin}/push/poisoned-${i}-${j}`,
          p256dh: OFF_CURVE_P256DH,
          auth: randomBytes(16).toString('base64url'),
          topics: ['breaking'],
        })),
      );
    }
    const id = await story('తుఫాను హెచ్చరిక', [sport]);
    await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 1 } });
    await t.services.pushSender.runOnce();
    for (const name of readers) expect(pushesTo(name).map((p) => p.payload.tag)).toEqual([`article-${id}`]);
    expect(await t.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.p256dh, OFF_CURVE_P256DH))).toEqual(
      [],
    );
    expect(await t.services.db.select().from(pushDeliveries)).toEqual([]);
    // None of them reached the push service: they were refused before any request was made.
    expect(endpoint.problems).toEqual([]);
  });

  it(`a push claimed ${MAX_PUSH_ATTEMPTS} times without a result (instances dying mid-send) is given up, not claimed again`, async () => {
    const stuck = await subscribeAs('stuck-reader', ['category:' + cinema]);
    const [subscription] = await t.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, stuck.endpoint));
    const articleId = await story('నిలిచిపోయిన పుష్', [cinema]);
    const past = new Date(Date.now() - 60_000);
    const [event] = await t.services.db
      .insert(pushEvents)
      .values({ articleId, kind: 'published', topics: [`category:${cinema}`], expandedAt: past })
      .returning();
    await t.services.db.insert(pushDeliveries).values({
      eventId: event.id,
      subscriptionId: subscription.id,
      dueAt: past,
      claimedUntil: past,
      attempts: MAX_PUSH_ATTEMPTS,
    });
    await t.services.pushSender.runOnce();
    expect(pushesTo('stuck-reader')).toEqual([]);
    expect(await t.services.db.select().from(pushDeliveries)).toEqual([]);
  });

  it('sends in the background: the editor’s act returns before the push, which follows by itself', async () => {
    await subscribeAs('background-reader', ['breaking']);
    const id = await story('బ్రేకింగ్: రైలు ప్రమాదం', [sport]);
    t.services.pushSender.start();
    try {
      const res = await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 1 } });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(() => pushesTo('background-reader').filter((p) => p.payload.tag === `article-${id}`).length, { timeout: 5000 })
        .toBe(1);
    } finally {
      await t.services.pushSender.stop();
    }
  });

  it.runIf(TEST_DB === 'postgres')('two instances on one PostgreSQL send each push once', async () => {
    const { services: other, database } = await secondInstance(t, { PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
    try {
      const names = Array.from({ length: 30 }, (_, i) => `twin-${i}`);
      for (const name of names) await subscribeAs(name, ['breaking']);
      const ids = [await story('రెండు సర్వర్లు 1', [sport]), await story('రెండు సర్వర్లు 2', [sport])];
      for (const id of ids) await t.api(API.review.markBreaking, { params: { id }, cookie: admin.cookie, body: { hours: 1 } });
      // Every breaking subscriber of the file (earlier tests' readers too) gets each story once.
      const breakingReaders = (
        await t.services.db
          .select({ n: count() })
          .from(pushSubscriptions)
          .where(arrayContains(pushSubscriptions.topics, ['breaking']))
      )[0].n;
      // Both instances wake at once, as the change feed would wake them.
      const [mine, theirs] = await Promise.all([t.services.pushSender.runOnce(), other.pushSender.runOnce()]);
      expect(mine + theirs).toBe(breakingReaders * ids.length);
      for (const name of names) {
        const got = pushesTo(name).map((p) => p.payload.tag);
        expect(got.sort()).toEqual(ids.map((id) => `article-${id}`).sort());
      }
      // The same key pair signs on both.
      expect((await other.push.vapidKeys()).publicKey).toBe((await t.services.push.vapidKeys()).publicKey);
      expect(endpoint.problems).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
