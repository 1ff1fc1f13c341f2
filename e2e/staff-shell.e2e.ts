// What staff meet around their account, in Chromium on a phone (412×823) and a desktop: the staff
// shell (its menu with 'నా ఖాతా', none of the reader's ticker, categories or ads), the staff password
// rule with its strength meter and the advice for an older password, and the recovery codes copied
// and downloaded.
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, goto, newPage, SCREENS, screenshot, signIn, signInThroughMenu, useBrowser } from './support/browser.ts';

useBrowser();

const SIZES = [
  { name: 'phone', viewport: SCREENS.shortPhone },
  { name: 'desktop', viewport: SCREENS.desktop },
] as const;

const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() });

/** The reader's parts are absent: the category bar, the ticker's slot, most-read, ads. */
async function readerParts(page: Page) {
  return page.locator('.category-nav, template[data-slot="ticker"], .ticker, .most-read, .ad-banner, #site-drawer').count();
}

describe.each(SIZES)('staff shell ($name)', ({ name, viewport }) => {
  it("the admin dashboard and the reporter desk have the staff menu with 'నా ఖాతా', and no reader's parts", async () => {
    const admin = await createUser('ADMIN', `wa${name[0]}adm`);
    const { page } = await newPage({ viewport });
    await signInThroughMenu(page, admin.username, admin.password);
    await page.waitForURL('**/admin-dashboard');
    const menu = page.getByRole('navigation', { name: 'సిబ్బంది మెనూ' });
    await menu.waitFor();
    const account = menu.getByRole('link', { name: 'నా ఖాతా' });
    expect(await account.getAttribute('href')).toBe('/user-dashboard');
    expect(await readerParts(page)).toBe(0);
    // Signed in with a password below the staff rule: told to change it, not locked out.
    await expect
      .poll(() => page.getByText(/Your password is below the staff password rule/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, `staff-shell-admin-shell-${name}`);

    // A sub-screen keeps the menu; the account link leads to the account page, in the staff shell.
    await goto(page, '/admin-dashboard/usermanagement');
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    expect(await readerParts(page)).toBe(0);
    await page.getByRole('navigation', { name: 'సిబ్బంది మెనూ' }).getByRole('link', { name: 'నా ఖాతా' }).click();
    await page.waitForURL('**/user-dashboard');
    await page.getByRole('heading', { name: 'పాస్‌వర్డ్ మార్చండి' }).waitFor();
    await page.getByRole('navigation', { name: 'సిబ్బంది మెనూ' }).waitFor();
    expect(await readerParts(page)).toBe(0);
    await screenshot(page, `staff-shell-account-staff-${name}`);

    const reporter = await createUser('REPORTER', `wa${name[0]}rep`);
    const desk = (await newPage({ viewport })).page;
    await signIn(desk, reporter.username, reporter.password);
    await goto(desk, '/reporter-dashboard/my-articles');
    const deskMenu = desk.getByRole('navigation', { name: 'సిబ్బంది మెనూ' });
    await deskMenu.waitFor();
    expect(await deskMenu.getByRole('link', { name: 'నా ఖాతా' }).getAttribute('href')).toBe('/user-dashboard');
    expect(await readerParts(desk)).toBe(0);
    await screenshot(desk, `staff-shell-reporter-shell-${name}`);
  });

  it('reading pages keep the site shell; a reader’s account page has the site header', async () => {
    const reader = await createUser('USER', `wa${name[0]}usr`);
    const { page } = await newPage({ viewport });
    await goto(page, '/');
    expect(await page.locator('.category-nav').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'సిబ్బంది మెనూ' }).count()).toBe(0);
    await signIn(page, reader.username, reader.password);
    await goto(page, '/user-dashboard');
    await page.getByRole('heading', { name: 'పాస్‌వర్డ్ మార్చండి' }).waitFor();
    expect(await page.locator('.category-nav').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'సిబ్బంది మెనూ' }).count()).toBe(0);
  });
});

describe.each(SIZES)('staff passwords and recovery codes ($name)', ({ name, viewport }) => {
  it('the new password is checked against the staff rule, with a meter; a strong one is accepted', async () => {
    const reporter = await createUser('REPORTER', `wa${name[0]}pw`);
    const { page } = await newPage({ viewport });
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/user-dashboard');
    await page.getByRole('heading', { name: 'పాస్‌వర్డ్ మార్చండి' }).waitFor();
    await page.getByLabel('ప్రస్తుత పాస్‌వర్డ్').fill(reporter.password);
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('short-1');
    await expect.poll(() => page.locator('.password-strength meter').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await expect
      .poll(() => page.locator('.field-error').filter({ hasText: 'Staff passwords must be at least 10 characters.' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await expect
      .poll(() => page.locator('.field-error').filter({ hasText: 'This password is too easy to guess.' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await screenshot(page, `staff-shell-password-rule-${name}`);
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('tera-sun-moon-42');
    await expect.poll(() => page.locator('.strength-label.ok').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await expect.poll(() => page.getByText('పాస్‌వర్డ్ మారింది. మిగతా అన్ని చోట్ల లాగౌట్ అయ్యారు.').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('recovery codes are copied to the clipboard and downloaded as a .txt file', async () => {
    const admin = await createUser('ADMIN', `wa${name[0]}rc`);
    const { context, page } = await newPage({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, admin.username, admin.password);
    await goto(page, '/user-dashboard');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.locator('.totp-secret code').waitFor({ timeout: 15_000 });
    const secret = (await page.locator('.totp-secret code').textContent())!.trim();
    await page.getByLabel('Code from your app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.locator('.recovery-code-list li');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    const shown = (await codes.allTextContents()).map((c) => c.trim());

    await page.getByRole('button', { name: 'Copy codes' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const text = await readFile((await download.path())!, 'utf8');
    for (const code of shown) expect(text).toContain(code);
    await screenshot(page, `staff-shell-recovery-codes-${name}`);
  });
});
