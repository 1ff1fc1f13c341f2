// The mail settings (docs/configuration.md): SMTP_URL, MAIL_FROM, MAIL_RATE, NEWSLETTER_DAILY_AT.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('mail settings', () => {
  it('are off without SMTP_URL, with defaults for the rest', () => {
    const { mail } = loadConfig({ PUBLIC_URL: 'https://news.example.com' });
    expect(mail).toEqual({
      smtpUrl: undefined,
      from: { name: 'తెలుగు వార్తలు', address: 'news@news.example.com' },
      ratePerSecond: 10,
      dailyAt: { hour: 7, minute: 0 },
    });
  });

  it('read an SMTP URL, a Telugu display name, a rate and a time of day', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://user:pa%40ss@mail.example.com:465',
      MAIL_FROM: '"ఉదయం వార్తలు" <morning@example.com>',
      MAIL_RATE: '2.5',
      NEWSLETTER_DAILY_AT: '06:30',
    });
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:pa%40ss@mail.example.com:465',
      from: { name: 'ఉదయం వార్తలు', address: 'morning@example.com' },
      ratePerSecond: 2.5,
      dailyAt: { hour: 6, minute: 30 },
    });
    expect(loadConfig({ MAIL_FROM: 'news@example.com' }).mail.from).toEqual({ name: undefined, address: 'news@example.com' });
    expect(loadConfig({ MAIL_FROM: 'వార్తలు <news@example.com>' }).mail.from).toEqual({
      name: 'వార్తలు',
      address: 'news@example.com',
    });
  });

  it('refuse a bad value with one line naming the variable (an SMTP password is not shown)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /^Invalid configuration: SMTP_URL="http:\/\/mail.example.com": must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:hunter2@' })).toThrow('SMTP_URL="smtp://user:***@"');
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/^Invalid configuration: MAIL_FROM=/);
    expect(() => loadConfig({ MAIL_FROM: 'a <b@example.com>, c@example.com' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_RATE: '0' })).toThrow(/^Invalid configuration: MAIL_RATE="0"/);
    expect(() => loadConfig({ NEWSLETTER_DAILY_AT: '7am' })).toThrow(
      'Invalid configuration: NEWSLETTER_DAILY_AT="7am": must be a time of day HH:MM (India time), e.g. 07:00',
    );
    expect(() => loadConfig({ NEWSLETTER_DAILY_AT: '24:00' })).toThrow(/NEWSLETTER_DAILY_AT/);
  });
});
