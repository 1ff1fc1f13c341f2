// Mail in Chromium at phone size (360 px): the newsletter sign-up (a plain form) confirmed from its
// mail, 'పాస్‌వర్డ్ మర్చిపోయారా?' from the login modal to a new password, and a new account's
// address verified from its mail. The site mails through the SMTP server of e2e/support/global-setup.ts.
import { describe, expect, it } from 'vitest';
import { createUser, goto, newPage, SCREENS, screenshot, signIn, useBrowser, baseUrl } from './support/browser.ts';
import { linkIn, mailsTo } from './support/mail.ts';

useBrowser();
const phone = { viewport: SCREENS.smallPhone };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

describe('mail at phone size', () => {
  it('signs up for the morning news from the home page and confirms from the mail', async () => {
    const { page, context } = await newPage(phone);
    const email = `nl_${unique()}@example.com`;
    await goto(page, '/');
    const form = page.locator('#home-newsletter-title').locator('xpath=..');
    await form.getByLabel('మీ ఈమెయిల్ చిరునామా').fill(email);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'mail-newsletter-signup-360');
    await form.getByRole('button', { name: 'చందా చేయండి' }).click();
    await page.getByText('మీ ఈమెయిల్ చూడండి').waitFor();
    const confirm = await linkIn(email, '/newsletter/confirm/');
    expect((await mailsTo(email))[0].subject).toContain('ఉదయం వార్తలు');
    await page.goto(confirm);
    await page.getByRole('button', { name: 'చందా నిర్ధారించండి' }).click();
    await page.getByText('చందా నిర్ధారించబడింది').waitFor();
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('gets back into an account with పాస్‌వర్డ్ మర్చిపోయారా? in the login modal', async () => {
    const user = await createUser('USER', 'forgot');
    const { page, context } = await newPage(phone);
    await goto(page, '/');
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'పాస్‌వర్డ్ మర్చిపోయారా?' }).click();
    await dialog.getByLabel('ఈమెయిల్').fill(`${user.username}@example.com`);
    await dialog.getByRole('button', { name: 'లింక్ పంపండి' }).click();
    await dialog.getByRole('status').getByText('పాస్‌వర్డ్ మార్చే లింక్').waitFor();
    await screenshot(page, 'mail-forgot-password-360');
    const reset = await linkIn(`${user.username}@example.com`, '/reset-password/');
    await goto(page, reset);
    // The reset page is Telugu (the reader walkthrough, issue 41).
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('fresh-secret-42');
    await page.getByLabel('కొత్త పాస్‌వర్డ్ మళ్ళీ').fill('fresh-secret-42');
    await page.getByRole('button', { name: 'కొత్త పాస్‌వర్డ్ సెట్ చేయండి' }).click();
    await page.getByText('మీ కొత్త పాస్‌వర్డ్ సెట్ అయింది').waitFor();
    const login = await page.request.post('/api/auth/login', {
      data: { username: user.username, password: 'fresh-secret-42' },
      headers: { origin: baseUrl() },
    });
    expect(login.status()).toBe(200);
    await context.close();
  });

  it('verifies a new account’s address from its mail; the account page says so', async () => {
    const { page, context } = await newPage(phone);
    const username = `verify_${unique()}`;
    const email = `${username}@example.com`;
    await goto(page, '/');
    const reg = await page.request.post('/api/auth/register', {
      data: { username, email, password: 'secret123' },
      headers: { origin: baseUrl() },
    });
    expect(reg.status()).toBe(201);
    await signIn(page, username, 'secret123');
    await goto(page, '/user-dashboard');
    await page.getByText('ఇంకా ధృవీకరించలేదు').waitFor();
    const verify = await linkIn(email, '/verify-email/');
    await goto(page, verify);
    await page.getByRole('button', { name: 'చిరునామా ధృవీకరించండి' }).click();
    await page.getByText('మీ ఈమెయిల్ చిరునామా ధృవీకరించబడింది').waitFor();
    await goto(page, '/user-dashboard');
    await page.getByText('ధృవీకరించబడింది (verified)').waitFor();
    await screenshot(page, 'mail-account-email-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
