// Sign-in, registration, sign-out, the route guard and the modal's validation, in Chromium.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { createUser, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';

/** A phone and a desktop. */
const VIEWPORTS = [
  ['phone', SCREENS.smallShortPhone],
  ['desktop', SCREENS.laptop],
] as const;

useBrowser();

/** Serious and critical axe-core findings on the page as it is now (docs/product.md: accessible). */
async function axeFindings(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function openLoginModal(page: Page) {
  await goto(page, '/');
  await page.getByRole('button', { name: 'మెనూ' }).click();
  await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function loginThroughModal(page: Page, username: string, password: string) {
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('యూజర్ పేరు').fill(username);
  await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
}

describe('sign-in and the route guard', () => {
  it('the login modal shows every validation message, toggles the password and locks scroll', async () => {
    const { page, context } = await newPage();
    const dialog = await openLoginModal(page);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // Telugu labels; the tabs keep their English names; the validation messages are the product's own.
    expect(await dialog.getByRole('tab', { name: 'ప్రవేశం Login' }).getAttribute('aria-selected')).toBe('true');
    await dialog.locator('form').getByRole('button', { name: 'ప్రవేశించండి' }).click();
    await expect.poll(() => dialog.getByText('Username is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Password is required').isVisible()).toBe(true);

    const password = dialog.getByLabel('పాస్‌వర్డ్', { exact: true });
    await password.fill('abc');
    expect(await password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'చూపించు' }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('text');

    await dialog.getByRole('tab', { name: 'నమోదు Register' }).click();
    await dialog.getByLabel('ఈమెయిల్').fill('not-an-email');
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill('12345');
    await dialog.locator('form').getByRole('button', { name: 'నమోదు చేసుకోండి' }).click();
    expect(await dialog.getByText('Username is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Invalid email format').isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
    await dialog.getByLabel('ఈమెయిల్').fill('');
    await dialog.locator('form').getByRole('button', { name: 'నమోదు చేసుకోండి' }).click();
    await expect.poll(() => dialog.getByText('Email is required').isVisible()).toBe(true);
    await screenshot(page, 'login-modal-validation');
    expect(await axeFindings(page)).toEqual([]);

    // An outside click (on the backdrop) closes the modal and unlocks scrolling.
    await page.mouse.click(5, 5);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await context.close();
  });

  it('shows the server message for wrong credentials', async () => {
    const { page, context } = await newPage();
    await loginThroughModal(page, 'nobody-here', 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    await context.close();
  });

  it('registers a new reader who lands on the user dashboard, then logs out to /', async () => {
    const { page, context } = await newPage();
    const dialog = await openLoginModal(page);
    await dialog.getByRole('tab', { name: 'Register' }).click();
    const name = `reader${Date.now()}`;
    await dialog.getByLabel('యూజర్ పేరు').fill(name);
    await dialog.getByLabel('ఈమెయిల్').fill(`${name}@example.com`);
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill('secret123');
    await dialog.locator('form').getByRole('button', { name: 'నమోదు చేసుకోండి' }).click();
    await page.waitForURL('**/user-dashboard');
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor();
    // The person's name, the account's actions and the way back to reading.
    await page.getByText(`నమస్తే, ${name}`).waitFor();
    expect(await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'మిగతా అన్ని చోట్ల లాగౌట్ చేయండి' }).isVisible()).toBe(true);
    const reading = page.getByRole('region', { name: 'చదవడం కొనసాగించండి' });
    expect(await reading.getByRole('link', { name: 'తాజా వార్తలు' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'user-dashboard');

    await page.getByRole('button', { name: 'మెనూ' }).click();
    await page.locator('#site-drawer').getByRole('button', { name: 'లాగౌట్' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const check = await page.request.get('/api/auth/check-auth');
    expect(await check.json()).toEqual({ authenticated: false, role: null });
    await context.close();
  });

  it.each([
    ['ADMIN', '/admin-dashboard'],
    ['REPORTER', '/reporter-dashboard'],
    ['USER', '/user-dashboard'],
  ] as const)('a %s lands on %s after login', async (role, landing) => {
    const user = role === 'ADMIN' ? { ...inject('admin') } : await createUser(role);
    const { page, context } = await newPage();
    await loginThroughModal(page, user.username, user.password);
    await page.waitForURL(`**${landing}`);
    expect(new URL(page.url()).pathname).toBe(landing);
    await context.close();
  });

  it.each(VIEWPORTS)('a signed-out deep link opens the sign-in and comes back to the page after it (%s)', async (_, viewport) => {
    const { page, context } = await newPage({ viewport });
    const path = '/admin-dashboard/usermanagement?role=REPORTER';
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === path);
    // The home page asks for the sign-in at once, and says why.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The same address opened afresh (a reload, the home page as islands) asks too.
    await page.reload();
    await dialog.waitFor();
    expect(await dialog.getByText('ఆ పేజీ తెరవడానికి ముందు ప్రవేశించండి.').isVisible()).toBe(true);
    const { username, password } = inject('admin');
    await dialog.getByLabel('యూజర్ పేరు').fill(username);
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
    await page.waitForURL((url) => url.pathname + url.search === path);
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    await context.close();

    // A role that may not open the page lands on its own dashboard instead.
    const reporter = await createUser('REPORTER');
    const other = await newPage({ viewport });
    await other.page.goto(path);
    await other.page.getByRole('dialog').waitFor();
    await other.page.getByLabel('యూజర్ పేరు').fill(reporter.username);
    await other.page.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(reporter.password);
    await other.page.getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
    await other.page.waitForURL((url) => url.pathname === '/reporter-dashboard');
    await other.context.close();
  });

  it.each(VIEWPORTS)('the menu takes staff to their dashboard and a reader to the account page (%s)', async (_, viewport) => {
    for (const [role, label, landing] of [
      ['REPORTER', 'నా డాష్‌బోర్డ్', '/reporter-dashboard'],
      ['USER', 'నా ఖాతా', '/user-dashboard'],
    ] as const) {
      const { page, context } = await newPage({ viewport });
      const user = await createUser(role);
      await signIn(page, user.username, user.password);
      await goto(page, '/');
      await page.getByRole('button', { name: 'మెనూ' }).click();
      const link = page.locator('#site-drawer').getByRole('link', { name: label });
      await link.click();
      await page.waitForURL((url) => url.pathname === landing);
      if (role === 'REPORTER') await screenshot(page, `drawer-dashboard-${viewport.width}`);
      await context.close();
    }
    // Signed out, the menu offers the sign-in only.
    const { page, context } = await newPage({ viewport });
    await goto(page, '/');
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await page.locator('#site-drawer.open').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    expect(await page.locator('#site-drawer').getByRole('link', { name: 'నా డాష్‌బోర్డ్' }).count()).toBe(0);
    expect(await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).isVisible()).toBe(true);
    await context.close();
  });

  it('the guard sends a visitor to / and a wrong role to /unauthorized; /login goes to /', async () => {
    const { page, context } = await newPage();
    // One redirect, not a loop of navigations aborting each other.
    const aborted: string[] = [];
    page.on('requestfailed', (r) => aborted.push(r.url()));
    await page.goto('/admin-dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('networkidle');
    expect(aborted).toEqual([]);
    await page.goto('/login');
    expect(new URL(page.url()).pathname).toBe('/');

    const reader = await createUser('USER');
    await loginThroughModal(page, reader.username, reader.password);
    await page.waitForURL('**/user-dashboard');
    await goto(page, '/admin-dashboard/usermanagement');
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { name: 'అనుమతి లేదు' }).waitFor();
    await page.goto('/reporter-dashboard');
    await page.waitForURL('**/unauthorized');
    await screenshot(page, 'unauthorized');
    await context.close();
  });
});
