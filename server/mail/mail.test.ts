// The mail outbox and its sender against a real SMTP server on loopback (server/test/smtp.ts): a mail
// queued in a transaction goes out once; a 4xx is retried with a growing delay and given up after
// MAX_MAIL_ATTEMPTS (counted in /metrics, shown to admins); a 5xx marks the address undeliverable;
// without SMTP_URL nothing is queued. On PostgreSQL two instances share the outbox, each row sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_DB, type SignedIn, type TestApp } from '../test/app.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { mailOutbox, mailUndeliverable } from '../db/schema.ts';
import { queueMail } from './outbox.ts';
import { MAX_MAIL_ATTEMPTS, outcomeOf } from './sender.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServices } from '../services.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RATE: '1000', MAIL_FROM: 'తెలుగు వార్తలు <news@example.com>' } });
  [admin] = await t.signInAs('ADMIN');
});
afterAll(async () => {
  await t?.services.mailSender.stop();
  await t?.close();
  await smtp?.close();
});

const queue = (to: string, subject = 'పరీక్ష') =>
  t.services.db.transaction((tx) =>
    queueMail(tx, t.services.config.mail, {
      kind: 'newsletter-test',
      to,
      subject,
      text: `${subject}: పాఠం`,
      html: `<p>${subject}</p>`,
    }),
  );
const rowTo = async (to: string) => (await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0];
/** Moves the rules' clock forward, as a later poll would see it. */
const later = (ms: number) => {
  const now = Date.now() + ms;
  t.services.clock.now = () => new Date(now);
};

describe('the mail sender', () => {
  it('sends a queued mail once, from MAIL_FROM with its Telugu name, as text and HTML', async () => {
    expect(await queue('reader1@example.com', 'ఉదయం వార్తలు')).toBe(true);
    expect(await t.services.mailSender.runOnce()).toBe(1);
    expect(await t.services.mailSender.runOnce()).toBe(0);
    const [mail] = smtp.to('reader1@example.com');
    expect(mail.subject).toBe('ఉదయం వార్తలు');
    expect(mail.from?.value[0]).toEqual({ name: 'తెలుగు వార్తలు', address: 'news@example.com' });
    expect(mail.text?.trim()).toBe('ఉదయం వార్తలు: పాఠం');
    expect(mail.html).toContain('<p>ఉదయం వార్తలు</p>');
    // The subject went as an RFC 2047 encoded word (nodemailer), not raw UTF-8.
    expect(String(mail.headerLines.find((h) => h.key === 'subject')?.line)).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(await rowTo('reader1@example.com')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a 4xx later with a growing delay, and gives up after the bound (metrics, admins)', async () => {
    smtp.reject = (address) => (address === 'busy@example.com' ? 451 : undefined);
    await queue('busy@example.com');
    let previousDue = 0;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      await t.services.mailSender.runOnce();
      const row = await rowTo('busy@example.com');
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_MAIL_ATTEMPTS) {
        expect(row.status).toBe('pending');
        const delay = row.dueAt.getTime() - t.services.clock.now().getTime();
        expect(delay).toBeGreaterThan(previousDue);
        previousDue = delay;
        later(row.dueAt.getTime() - Date.now() + 1000);
      } else expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('451') });
    }
    t.services.clock.now = () => new Date();
    smtp.reject = () => undefined;
    expect(smtp.to('busy@example.com')).toEqual([]);
    const metrics = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/mail_sent_total\{outcome="failed"\} 1/);
    expect(metrics.body).toMatch(/mail_sent_total\{outcome="retried"\} [1-9]/);
    const status = await t.call('GET', '/api/admin/mail', admin.cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      configured: true,
      failed: 1,
      recentFailures: [expect.objectContaining({ to: 'busy@example.com', kind: 'newsletter-test' })],
    });
  });

  it('marks an address a 5xx refused as undeliverable and sends it nothing more', async () => {
    smtp.reject = (address) => (address === 'gone@example.com' ? 550 : undefined);
    await queue('gone@example.com', 'ఒకటి');
    await t.services.mailSender.runOnce();
    expect(await rowTo('gone@example.com')).toMatchObject({ status: 'undeliverable', attempts: 1 });
    smtp.reject = () => undefined;
    await queue('gone@example.com', 'రెండు');
    await t.services.mailSender.runOnce();
    expect(smtp.to('gone@example.com')).toEqual([]);
    const refused = await t.services.db.select().from(mailUndeliverable);
    expect(refused.map((r) => r.address)).toContain('gone@example.com');
    const status = (await t.call('GET', '/api/admin/mail', admin.cookie)).json();
    expect(status.undeliverable).toBeGreaterThanOrEqual(1);
    expect(status.undeliverableAddresses[0]).toMatchObject({
      address: 'gone@example.com',
      reason: expect.stringContaining('550'),
    });
  });

  it('retries when the SMTP server cannot be reached at all', () => {
    expect(outcomeOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })).outcome).toBe('retry');
    expect(outcomeOf(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 })).outcome).toBe('retry');
    expect(outcomeOf(Object.assign(new Error('no mailbox'), { code: 'EENVELOPE', responseCode: 550 })).outcome).toBe(
      'undeliverable',
    );
  });

  it('is only for admins', async () => {
    const [reader] = await t.signInAs('USER');
    expect((await t.call('GET', '/api/admin/mail', reader.cookie)).statusCode).toBe(403);
  });

  it('queues nothing without SMTP_URL', async () => {
    const plain = await createTestApp();
    try {
      const queued = await plain.services.db.transaction((tx) =>
        queueMail(tx, plain.services.config.mail, { kind: 'newsletter-test', to: 'x@example.com', subject: 's', text: 't' }),
      );
      expect(queued).toBe(false);
      expect(await plain.services.db.select().from(mailOutbox)).toEqual([]);
      const [admin2] = await plain.signInAs('ADMIN');
      expect((await plain.call('GET', '/api/admin/mail', admin2.cookie)).json()).toMatchObject({ configured: false });
    } finally {
      await plain.close();
    }
  });

  it.runIf(TEST_DB === 'postgres')('two instances on one PostgreSQL send each mail once', async () => {
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
      const names = Array.from({ length: 40 }, (_, i) => `twin${i}@example.com`);
      for (const name of names) await queue(name);
      const [a, b] = await Promise.all([t.services.mailSender.runOnce(), other.mailSender.runOnce()]);
      expect(a + b).toBe(names.length);
      for (const name of names) expect(smtp.to(name)).toHaveLength(1);
    } finally {
      await other.mailSender.stop();
      await database.close();
    }
  });
});
