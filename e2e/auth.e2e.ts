// Sign-in, registration, sign-out, the route guard and the modal's validation, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { closeDatabase, createUser, goto, launch, newPage, screenshot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
  await closeDatabase();
});

async function openLoginModal(page: Page) {
  await goto(page, '/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#site-drawer').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function loginThroughModal(page: Page, username: string, password: string) {
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).last().click();
}

describe('sign-in and the route guard', () => {
  it('the login modal shows every validation message, toggles the password and locks scroll', async () => {
    const { page, context } = await newPage(browser);
    const dialog = await openLoginModal(page);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await dialog.locator('form').getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => dialog.getByText('Username is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Password is required').isVisible()).toBe(true);

    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('abc');
    expect(await password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Show' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await dialog.getByRole('tab', { name: 'Register' }).click();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('12345');
    await dialog.locator('form').getByRole('button', { name: 'Register' }).click();
    expect(await dialog.getByText('Username is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Invalid email format').isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
    await dialog.getByLabel('Email').fill('');
    await dialog.locator('form').getByRole('button', { name: 'Register' }).click();
    expect(await dialog.getByText('Email is required').isVisible()).toBe(true);
    await screenshot(page, 'login-modal-validation');

    // An outside click (on the backdrop) closes the modal and unlocks scrolling.
    await page.mouse.click(5, 5);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await context.close();
  });

  it('shows the server message for wrong credentials', async () => {
    const { page, context } = await newPage(browser);
    await loginThroughModal(page, 'nobody-here', 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    await context.close();
  });

  it('registers a new reader who lands on the user dashboard, then logs out to /', async () => {
    const { page, context } = await newPage(browser);
    const dialog = await openLoginModal(page);
    await dialog.getByRole('tab', { name: 'Register' }).click();
    const name = `reader${Date.now()}`;
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByLabel('Email').fill(`${name}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.locator('form').getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/user-dashboard');
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor();
    await screenshot(page, 'user-dashboard');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#site-drawer').getByRole('button', { name: 'Logout' }).click();
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
    const { page, context } = await newPage(browser);
    await loginThroughModal(page, user.username, user.password);
    await page.waitForURL(`**${landing}`);
    expect(new URL(page.url()).pathname).toBe(landing);
    await context.close();
  });

  it('the guard sends a visitor to / and a wrong role to /unauthorized; /login goes to /', async () => {
    const { page, context } = await newPage(browser);
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
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.goto('/reporter-dashboard');
    await page.waitForURL('**/unauthorized');
    await screenshot(page, 'unauthorized');
    await context.close();
  });
});
