// Newsletters end to end against a real SMTP server on loopback (server/test/smtp.ts), over HTTP:
// double opt-in (the API and the plain HTML form), the morning digest (Telugu subject, HTML and text,
// RFC 8058 headers, utm_source=newsletter links, the reader's district first) sent once per address
// however often it is run, the one-click unsubscribe, breaking news at most once per 30 minutes, the
// admin's overview and test mail; on PostgreSQL two instances sending one edition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_DB, type SignedIn, type TestApp } from '../test/app.ts';
import { linksOf, rawHeader, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp.ts';
import { addArticle, addCategories, addReporter } from '../test/fixtures.ts';
import { articles, newsletterSubscriptions } from '../db/schema.ts';
import { NEWSLETTER_MESSAGES } from '../../contract/newsletter.ts';
import { sendDailyEdition } from '../../scripts/newsletter.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServices } from '../services.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: SignedIn;
let politics: number;
let sport: number;
let storyIds: number[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ listen: true, env: { SMTP_URL: smtp.url, MAIL_RATE: '1000', AUTH_RATE_LIMIT: '10000' } });
  [admin] = await t.signInAs('ADMIN');
  const reporterId = (await addReporter(t.services.db, `nl_reporter_${Date.now()}`)).id;
  [politics, sport] = await addCategories(t.services.db, [`రాజకీయం ${Date.now()}`, `క్రీడలు ${Date.now()}`]);
  storyIds = [];
  for (const [title, category] of [
    ['అసెంబ్లీ సమావేశాలు ప్రారంభం', politics],
    ['క్రికెట్ జట్టు ఎంపిక', sport],
    ['గుంటూరులో కొత్త వంతెన', politics],
  ] as const)
    storyIds.push(await addArticle(t.services.db, { title, reporterId, categoryIds: [category], withImage: true }));
  await t.services.db.update(articles).set({ district: 'guntur' }).where(eq(articles.id, storyIds[2]));
  await t.services.featured.replace([politics, sport]);
});
afterAll(async () => {
  await t?.services.mailSender.stop();
  await t?.close();
  await smtp?.close();
});

async function http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const json = body !== undefined && typeof body !== 'string';
  const res = await fetch(new URL(path, t.baseUrl), {
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as string),
  });
  return { status: res.status, text: await res.text() };
}
/** The site path of a mail's link (the link names PUBLIC_URL; the test app listens elsewhere). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const linkTo = (mail: ReceivedMail, prefix: string) => {
  const link = linksOf(mail).find((l) => new URL(l).pathname.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in ${mail.text}`);
  return link;
};

/** Subscribes and confirms by following the mailed link over HTTP (the page, then its button). */
async function subscribeAndConfirm(email: string, lists: string[], district?: string) {
  const res = await http('POST', '/api/public/newsletter/subscriptions', { email, lists, ...(district ? { district } : {}) });
  expect(res.status).toBe(202);
  const mail = await smtp.waitFor(email);
  const confirm = pathOf(linkTo(mail, '/newsletter/confirm/'));
  const page = await http('GET', confirm);
  expect(page.text).toContain(`action="${confirm}"`);
  const done = await http('POST', confirm);
  expect(done.status).toBe(200);
  expect(done.text).toContain(NEWSLETTER_MESSAGES.confirmed);
  return mail;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

describe(`newsletters (${TEST_DB})`, () => {
  it('asks the address to confirm first (double opt-in) and sends nothing else until then', async () => {
    const res = await http('POST', '/api/public/newsletter/subscriptions', { email: 'Waiting@Example.com', lists: ['daily'] });
    expect(res).toMatchObject({ status: 202 });
    expect(JSON.parse(res.text)).toEqual({ message: NEWSLETTER_MESSAGES.asked });
    const mail = await smtp.waitFor('waiting@example.com');
    expect(mail.subject).toBe('చందా నిర్ధారించండి: ఉదయం వార్తలు');
    await sendDailyEdition(t.services, day(-5));
    expect(smtp.to('waiting@example.com')).toHaveLength(1);
    const bad = await http('POST', '/api/public/newsletter/subscriptions', { email: 'x@example.com', lists: [] });
    expect(bad.status).toBe(400);
  });

  it('takes the plain HTML form (no JavaScript) as well', async () => {
    const body = new URLSearchParams([
      ['email', 'form-reader@example.com'],
      ['lists', 'daily'],
      ['lists', 'breaking'],
      ['district', 'guntur'],
    ]).toString();
    const res = await http('POST', '/newsletter/subscribe', body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    expect(res.text).toContain(NEWSLETTER_MESSAGES.asked.split(':')[0]);
    const mail = await smtp.waitFor('form-reader@example.com');
    expect(mail.subject).toContain('బ్రేకింగ్ న్యూస్');
    const rows = await t.services.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'form-reader@example.com'));
    expect(rows.map((r) => [r.list, r.district, r.confirmedAt])).toEqual(
      expect.arrayContaining([
        ['daily', 'guntur', null],
        ['breaking', 'guntur', null],
      ]),
    );
  });

  it('sends the morning digest once per address, however often it is run, with what a mail client needs', async () => {
    await subscribeAndConfirm('morning@example.com', ['daily'], 'guntur');
    const edition = day(0);
    const first = await sendDailyEdition(t.services, edition);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor('morning@example.com', (m) => m.subject?.startsWith('ఉదయం వార్తలు') ?? false);
    expect(mail.subject).toBe(`ఉదయం వార్తలు · ${edition}`);
    expect(String(mail.headerLines.find((h) => h.key === 'subject')?.line)).toMatch(/=\?UTF-8\?/i);
    const unsubscribe = rawHeader(mail, 'list-unsubscribe')!;
    expect(unsubscribe).toMatch(/^<http:\/\/localhost:3000\/newsletter\/unsubscribe\/[\w-]+>$/);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // HTML and text; the district's story first; pictures with size and alt; links counted.
    const html = String(mail.html);
    expect(html.indexOf('గుంటూరులో కొత్త వంతెన')).toBeLessThan(html.indexOf('అసెంబ్లీ సమావేశాలు ప్రారంభం'));
    expect(html).toContain('మీ జిల్లా');
    expect(html).toMatch(/<img [^>]*width="\d+" height="\d+" alt="[^"]+"/);
    expect(html).toContain(`font-family:'Noto Sans Telugu'`);
    expect(mail.text).toContain('క్రికెట్ జట్టు ఎంపిక');
    const storyLink = linksOf(mail).find((l) => l.includes('/article/'))!;
    expect(new URL(storyLink).searchParams.get('utm_source')).toBe('newsletter');
    expect((await http('GET', pathOf(storyLink))).status).toBeLessThan(500);
    expect(mail.text).toContain('/newsletter/unsubscribe/');
    // Again, and again: nothing more for this address.
    const again = await sendDailyEdition(t.services, edition);
    expect(again.queued).toBe(0);
    await sendDailyEdition(t.services, edition);
    expect(smtp.to('morning@example.com').filter((m) => m.subject === mail.subject)).toHaveLength(1);
  });

  it('ends the list in one POST from the mail client (RFC 8058), with no sign-in', async () => {
    const mail = await subscribeAndConfirm('leaving@example.com', ['daily']);
    await sendDailyEdition(t.services, day(1));
    const digest = await smtp.waitFor('leaving@example.com', (m) => m !== mail && m.subject!.startsWith('ఉదయం'));
    const target = pathOf(rawHeader(digest, 'list-unsubscribe')!.slice(1, -1));
    const res = await http('POST', target, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    expect(res.text).toContain(NEWSLETTER_MESSAGES.unsubscribed);
    expect(
      (await http('POST', target, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(404);
    await sendDailyEdition(t.services, day(2));
    expect(smtp.to('leaving@example.com')).toHaveLength(2);
  });

  it('mails breaking news once a story is marked breaking, at most once per 30 minutes per address', async () => {
    await subscribeAndConfirm('breaking-reader@example.com', ['breaking']);
    const put = (id: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/articles/breaking/${id}`,
        headers: { cookie: admin.cookie },
        payload: { hours: 1 },
      });
    expect((await put(storyIds[0])).statusCode).toBeLessThan(300);
    await t.services.newsletter.expandBreaking();
    await t.services.mailSender.runOnce();
    const mail = await smtp.waitFor('breaking-reader@example.com', (m) => m.subject!.startsWith('బ్రేకింగ్:'));
    expect(mail.subject).toBe('బ్రేకింగ్: అసెంబ్లీ సమావేశాలు ప్రారంభం');
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect((await put(storyIds[1])).statusCode).toBeLessThan(300);
    await t.services.newsletter.expandBreaking();
    await t.services.mailSender.runOnce();
    expect(smtp.to('breaking-reader@example.com').filter((m) => m.subject!.startsWith('బ్రేకింగ్:'))).toHaveLength(1);
  });

  it('shows admins the counts, the editions and tomorrow’s digest, and sends them a test', async () => {
    const res = await t.call('GET', '/api/admin/newsletter', admin.cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.mailConfigured).toBe(true);
    expect(overview.dailyAt).toBe('07:00');
    expect(overview.lists.daily.confirmed).toBeGreaterThanOrEqual(1);
    expect(overview.lists.daily.pending).toBeGreaterThanOrEqual(1);
    expect(overview.editions[0]).toMatchObject({ sent: expect.any(Number), failed: 0 });
    expect(overview.preview.subject).toBe(`ఉదయం వార్తలు · ${day(1)}`);
    expect(overview.preview.groups.flatMap((g: { articles: unknown[] }) => g.articles).length).toBeGreaterThanOrEqual(3);
    const [row] = await t.services.db.select().from(newsletterSubscriptions).limit(1);
    expect(row).toBeDefined();
    const sent = await t.call('POST', '/api/admin/newsletter/test', admin.cookie);
    expect(sent.statusCode).toBe(202);
    const mail = await smtp.waitFor(`${admin.username}@example.com`);
    expect(mail.subject).toBe(`[TEST] ఉదయం వార్తలు · ${day(1)}`);
    const [reader] = await t.signInAs('USER');
    expect((await t.call('GET', '/api/admin/newsletter', reader.cookie)).statusCode).toBe(403);
  });

  it.runIf(TEST_DB === 'postgres')('two instances on one PostgreSQL send one edition to each address once', async () => {
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: t.services.config.databaseUrl!,
      SMTP_URL: smtp.url,
      MAIL_RATE: '1000',
    });
    const database = await openDatabase({ databaseUrl: t.services.config.databaseUrl! });
    const other = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
    try {
      const names = Array.from({ length: 30 }, (_, i) => `twin-reader${i}@example.com`);
      await t.services.db
        .insert(newsletterSubscriptions)
        .values(names.map((email, i) => ({ email, list: 'daily' as const, token: `twin-token-${i}`, confirmedAt: new Date() })));
      const edition = day(3);
      await Promise.all([sendDailyEdition(t.services, edition), sendDailyEdition(other, edition)]);
      await Promise.all([sendDailyEdition(t.services, edition), sendDailyEdition(other, edition)]);
      for (const name of names) expect(smtp.to(name).filter((m) => m.subject === `ఉదయం వార్తలు · ${edition}`)).toHaveLength(1);
    } finally {
      await other.mailSender.stop();
      await database.close();
    }
  });
});
