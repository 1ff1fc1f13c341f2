// Accounts people can recover, in Chromium: the user's own page (change password, two-step
// sign-in with a QR code, sign out everywhere else), the login modal asking for the code, the
// admin's reset link and the reset page; and pages run their scripts under the CSP (no inline).
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, goto, newPage, SCREENS, screenshot, signIn, signInThroughMenu, useBrowser } from './support/browser.ts';

useBrowser();

/** Content Security Policy refusals the page reports (a blocked inline script breaks hydration). */
function watchCsp(page: Page) {
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
  });
  return refusals;
}

const codeFor = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

describe('the user dashboard', () => {
  it('changes the password, and signs out everywhere else', async () => {
    const user = await createUser('USER', 'acct');
    const { page } = await newPage({ viewport: SCREENS.desktop });
    const csp = watchCsp(page);
    const other = await newPage();
    await signIn(other.page, user.username, user.password);
    await signIn(page, user.username, user.password);
    await goto(page, '/user-dashboard');
    // The page appears once its clientLoader has checked the role: wait for it rather than race it.
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'పాస్‌వర్డ్ మార్చండి' }).waitFor();
    // Readers have no two-step section.
    expect(await page.getByRole('heading', { name: 'Two-step sign-in' }).count()).toBe(0);

    await page.getByLabel('ప్రస్తుత పాస్‌వర్డ్').fill('wrong-one');
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await expect.poll(() => page.getByText('ప్రస్తుత పాస్‌వర్డ్ సరికాదు.').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('ప్రస్తుత పాస్‌వర్డ్').fill(user.password);
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await expect.poll(() => page.getByText('పాస్‌వర్డ్ మారింది. మిగతా అన్ని చోట్ల లాగౌట్ అయ్యారు.').isVisible(), { timeout: 15_000 }).toBe(true);
    const otherCheck = await other.page.request.get('/api/auth/check-auth');
    expect((await otherCheck.json()).authenticated).toBe(false);

    await signIn(other.page, user.username, 'brand-new-1');
    await page.getByRole('button', { name: 'మిగతా అన్ని చోట్ల లాగౌట్ చేయండి' }).click();
    await expect.poll(() => page.getByText('మిగతా అన్ని బ్రౌజర్లు, పరికరాల నుంచి లాగౌట్ అయ్యారు.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await (await other.page.request.get('/api/auth/check-auth')).json()).authenticated).toBe(false);
    expect((await (await page.request.get('/api/auth/check-auth')).json()).authenticated).toBe(true);
    await screenshot(page, 'user-dashboard');
    expect(csp).toEqual([]);
    await other.context.close();
  });

  it('a reporter turns on two-step sign-in with the QR code; the login modal then asks for the code', async () => {
    const reporter = await createUser('REPORTER', 'totp');
    const { page } = await newPage({ viewport: SCREENS.desktop });
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/user-dashboard');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await page.locator('.totp-secret code').textContent())!.trim();
    await screenshot(page, 'totp-setup');
    await page.getByLabel('Code from your app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.locator('.recovery-code-list li');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    await screenshot(page, 'totp-recovery-codes');

    const fresh = await newPage();
    const dialog = await signInThroughMenu(fresh.page, reporter.username, reporter.password);
    const codeField = dialog.getByLabel('ధృవీకరణ కోడ్');
    await codeField.waitFor();
    // Asked for, not an error: the app's code is only wrong once it was entered wrong.
    expect(await dialog.getByText('మీ ఆథెంటికేటర్ యాప్ చూపే 6 అంకెల కోడ్, లేదా మీ రికవరీ కోడ్‌లలో ఒకటి.').isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await screenshot(fresh.page, 'login-totp-code');
    await codeField.fill(codeFor(secret, 30));
    await dialog.locator('form').getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
    await fresh.page.waitForURL('**/reporter-dashboard');
    await fresh.context.close();
  });
});

describe('password reset links', () => {
  it('the admin issues a link from User Management; the reset page sets a new password', async () => {
    const target = await createUser('REPORTER', 'forgot');
    const { page } = await newPage({ viewport: SCREENS.desktop });
    const { username, password } = inject('admin');
    await signIn(page, username, password);
    await goto(page, '/admin-dashboard/usermanagement');
    await page.getByPlaceholder('Search by username').fill(target.username);
    await page.locator('form.users-search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Reset link for ${target.username}` }).click();
    const field = page.getByLabel('Reset link', { exact: true });
    await field.waitFor({ timeout: 10_000 }).catch(async (e) => {
      await screenshot(page, 'admin-reset-link-failed');
      throw e;
    });
    await expect.poll(async () => (await field.inputValue()).includes('/reset-password/'), { timeout: 15_000 }).toBe(true);
    const link = await field.inputValue();
    await screenshot(page, 'admin-reset-link');

    const visitor = await newPage({ viewport: SCREENS.desktop });
    const csp = watchCsp(visitor.page);
    await goto(visitor.page, new URL(link).pathname);
    await visitor.page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('after-reset-1');
    await visitor.page.getByLabel('కొత్త పాస్‌వర్డ్ మళ్ళీ').fill('after-reset-1');
    await visitor.page.getByRole('button', { name: 'కొత్త పాస్‌వర్డ్ సెట్ చేయండి' }).click();
    await expect.poll(() => visitor.page.getByText('మీ కొత్త పాస్‌వర్డ్ సెట్ అయింది').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(visitor.page, 'reset-password-done');
    await signIn(visitor.page, target.username, 'after-reset-1');

    // Used once: the same link now says so.
    const again = await newPage();
    await goto(again.page, new URL(link).pathname);
    await again.page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('another-one-1');
    await again.page.getByLabel('కొత్త పాస్‌వర్డ్ మళ్ళీ').fill('another-one-1');
    await again.page.getByRole('button', { name: 'కొత్త పాస్‌వర్డ్ సెట్ చేయండి' }).click();
    await expect
      .poll(
        () => again.page.getByText('This reset link has already been used. Ask an administrator for a new one.').isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    expect(csp).toEqual([]);
    await visitor.context.close();
    await again.context.close();
  });
});

describe('the CSP allows no inline script but its own', () => {
  it('public pages hydrate with no CSP refusal', async () => {
    const { page } = await newPage();
    const csp = watchCsp(page);
    const article = await page.request.get('/api/public/articles/homepage');
    const id = (await article.json()).latestNews[0].id;
    for (const url of ['/', `/article/${id}`, '/search?query=హైదరాబాద్', '/about-us']) {
      const res = await page.goto(url);
      const scriptSrc = (res?.headers()['content-security-policy'] ?? '').split(';').find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain('unsafe-inline');
      if (url !== `/article/${id}`) await page.waitForSelector('html[data-hydrated="true"]');
      else await page.waitForLoadState('load');
    }
    expect(csp).toEqual([]);
  });
});
