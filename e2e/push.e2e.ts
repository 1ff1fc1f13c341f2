// Breaking news on the phone, in Chromium on a phone's screen: the opt-in under an article asks for
// nothing on load, offers breaking news and the story's categories, subscribes through the service
// worker's push manager and the API, and stops again. Headless Chromium has no push service to
// subscribe with (pushManager.subscribe fails there), so the test stands in for the browser's
// permission and push manager (page.addInitScript) and checks everything else for real: the
// island, the worker's registration, the key it is given, the API calls and what the server stored.
// Changing topics and stopping prove the subscription is this browser's (its auth secret), and an
// endpoint someone else stored first is left for a new subscription (issue 35).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page, Response as PageResponse } from 'playwright-core';
import { baseUrl, browser, database, useBrowser } from './support/browser.ts';
import { MESSAGES } from '../app/lib/messages.ts';

const TEXT = MESSAGES.push;
const ENDPOINT = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}`;

/**
 * Runs in the page before its scripts: a granted permission and a push manager whose first
 * subscription is on ENDPOINT, and each later one (after an unsubscribe) on `ENDPOINT-<n>`, as a
 * push service gives a new endpoint to every new subscription.
 */
const standIn = ({ endpoint, p256dh, auth }: { endpoint: string; p256dh: string; auth: string }) => {
  const seen = { permissionAsked: 0, subscribeOptions: [] as unknown[], realSubscribe: typeof PushManager };
  (window as unknown as { __push: typeof seen }).__push = seen;
  // A browser keeps its subscription across page loads: so does the stand-in.
  const KEPT = 'stand-in:push-subscription';
  const MADE = 'stand-in:push-subscriptions-made';
  const made = (current: string) => ({
    endpoint: current,
    toJSON: () => ({ endpoint: current, expirationTime: null, keys: { p256dh, auth } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEPT);
      return true;
    },
  });
  Notification.requestPermission = async () => {
    seen.permissionAsked++;
    return 'granted';
  };
  PushManager.prototype.getSubscription = async () => {
    const kept = localStorage.getItem(KEPT);
    return (kept ? made(kept) : null) as PushSubscription | null;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    seen.subscribeOptions.push({
      userVisibleOnly: options?.userVisibleOnly,
      key: key instanceof Uint8Array ? btoa(String.fromCharCode(...key)) : null,
    });
    const n = Number(localStorage.getItem(MADE) ?? 0) + 1;
    localStorage.setItem(MADE, String(n));
    const current = n === 1 ? endpoint : `${endpoint}-${n}`;
    localStorage.setItem(KEPT, current);
    return made(current) as unknown as PushSubscription;
  };
};

useBrowser();
let context: BrowserContext;
let page: Page;
let articleId = 0;
let category = { id: 0, name: '' };
const auth = randomBytes(16).toString('base64url');

const stored = async (endpoint = ENDPOINT) =>
  (await database().execute<{ topics: string[] }>(sql`select topics from push_subscriptions where endpoint = ${endpoint}`)).rows;
const optIn = (page: Page) => page.getByRole('region', { name: TEXT.button });
const posted = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/public/push/subscriptions') && r.request().method() === 'POST');

beforeAll(async () => {
  const [row] = (
    await database().execute<{ id: number; category_id: number; name: string }>(
      sql`select a.id, c.id as category_id, c.name from articles a
          join article_categories ac on ac.article_id = a.id join categories c on c.id = ac.category_id
          where a.approval_status = 'APPROVED' order by a.id limit 1`,
    )
  ).rows;
  articleId = row.id;
  category = { id: row.category_id, name: row.name };
  context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 800 }, locale: 'te-IN' });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await context.addInitScript(standIn, {
    endpoint: ENDPOINT,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await database().execute(sql`delete from push_subscriptions where endpoint like ${`${ENDPOINT}%`}`);
  await context?.close();
});

describe('the push opt-in on a phone', () => {
  it('asks for nothing on load, subscribes to breaking news and a category from a tap, and stops again', async () => {
    await page.goto(`/article/${articleId}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const button = page.getByRole('button', { name: TEXT.button });
    await button.scrollIntoViewIfNeeded();
    // Loaded and hydrated: no permission asked for.
    expect(await page.evaluate(() => (window as unknown as { __push: { permissionAsked: number } }).__push.permissionAsked)).toBe(
      0,
    );

    await button.click();
    // The page's newsletter form has a 'breaking news' list of its own: the opt-in's are in its region.
    const breaking = optIn(page).getByRole('checkbox', { name: TEXT.breaking, exact: true });
    const followCategory = optIn(page).getByRole('checkbox', { name: TEXT.category(category.name), exact: true });
    await breaking.waitFor();
    expect(await breaking.isChecked()).toBe(true);
    expect(await followCategory.isChecked()).toBe(false);
    await followCategory.check();

    const subscribed = posted(page);
    await page.getByRole('button', { name: TEXT.subscribe }).click();
    const response = await subscribed;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      subscription: { endpoint: ENDPOINT },
      topics: ['breaking', `category:${category.id}`],
    });
    await page.getByText(TEXT.subscribed).waitFor();
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __push: { permissionAsked: number; subscribeOptions: { userVisibleOnly: boolean; key: string }[] };
          }
        ).__push,
    );
    expect(seen.permissionAsked).toBe(1);
    // The worker's push manager was given the site's own VAPID key.
    const { publicKey } = (await (await fetch(`${baseUrl()}/api/public/push/key`)).json()) as { publicKey: string };
    expect(seen.subscribeOptions).toEqual([
      { userVisibleOnly: true, key: Buffer.from(publicKey, 'base64url').toString('base64') },
    ]);
    expect(await stored()).toEqual([{ topics: ['breaking', `category:${category.id}`] }]);
    await page.locator('.push-opt-in').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/push-opt-in-360.png' });

    // Back later: the choice is remembered in this browser; the reader drops the category, then stops.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    // The island wakes on the tap, then shows what this browser chose.
    await page.getByRole('button', { name: TEXT.button }).click();
    await page.getByRole('button', { name: TEXT.buttonOn }).waitFor();
    await optIn(page)
      .getByRole('checkbox', { name: TEXT.category(category.name), exact: true })
      .uncheck();
    const changed = posted(page);
    await page.getByRole('button', { name: TEXT.update }).click();
    expect((await changed).status()).toBe(201);
    await page.getByText(TEXT.subscribed).waitFor();
    expect(await stored()).toEqual([{ topics: ['breaking'] }]);
    const deleted = page.waitForResponse(
      (r) => r.url().endsWith('/api/public/push/subscriptions') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: TEXT.stop }).click();
    const leave = await deleted;
    expect(leave.status()).toBe(204);
    expect(leave.request().postDataJSON()).toEqual({ endpoint: ENDPOINT, auth });
    await page.getByText(TEXT.stopped).waitFor();
    expect(await stored()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('stand-in:push-subscription'))).toBeNull();
    await page.getByRole('button', { name: TEXT.button }).waitFor();
  });

  it('an endpoint someone else stored first with keys of their own: the browser takes a new subscription', async () => {
    // The stand-in's next subscription is its second, on ENDPOINT-2: someone learnt it first.
    const squatted = `${ENDPOINT}-2`;
    const theirs = {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    await database().execute(
      sql`insert into push_subscriptions (endpoint, p256dh, auth, topics) values (${squatted}, ${theirs.p256dh}, ${theirs.auth}, ${'{breaking}'})`,
    );
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: TEXT.button }).click();
    const statuses: number[] = [];
    const watch = (r: PageResponse) => {
      if (r.url().endsWith('/api/public/push/subscriptions') && r.request().method() === 'POST') statuses.push(r.status());
    };
    page.on('response', watch);
    try {
      await page.getByRole('button', { name: TEXT.subscribe }).click();
      await page.getByText(TEXT.subscribed).waitFor();
      await expect.poll(() => statuses).toEqual([403, 201]);
    } finally {
      page.off('response', watch);
    }
    expect(await stored(`${ENDPOINT}-3`)).toEqual([{ topics: ['breaking'] }]);
    expect(
      (await database().execute<{ auth: string }>(sql`select auth from push_subscriptions where endpoint = ${squatted}`)).rows,
    ).toEqual([{ auth: theirs.auth }]);
  });
});
