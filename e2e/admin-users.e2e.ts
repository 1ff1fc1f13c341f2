// The All Users screen in Chromium: paging, role filter and search over 25 users; direct role change,
// the reassign modal for reporters (role change and deletion), plain deletion, and every alert.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Dialog, Page } from 'playwright-core';
import { articles, users } from '../server/db/schema.ts';
import type { Role } from '../contract/roles.ts';
import { closeDatabase, createUser, database, goto, launch, newPage, screenshot, signIn } from './support/browser.ts';

const SCREEN = '/admin-dashboard/usermanagement';
const prefix = `ux${randomBytes(3).toString('hex')}`;

type Account = { id: number; username: string; password: string; role: Role };
let browser: Browser;
let admin: Account;
const people: Account[] = [];

async function make(role: Role) {
  const user = { ...(await createUser(role, prefix)), role };
  people.push(user);
  return user;
}

async function giveArticles(reporterId: number, statuses: ('PENDING' | 'REJECTED' | 'APPROVED')[]) {
  const rows = await database()
    .insert(articles)
    .values(statuses.map((approvalStatus, i) => ({ reporterId, title: `వార్త ${i}`, author: 'రచయిత', approvalStatus })))
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

const roleInDb = async (id: number) =>
  (await database().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const ownersOf = async (ids: number[]) =>
  (await database().select({ reporterId: articles.reporterId }).from(articles).where(inArray(articles.id, ids))).map(
    (r) => r.reporterId,
  );

beforeAll(async () => {
  browser = await launch();
  // 25 accounts share the prefix: this admin, 4 reporters, another admin, 19 readers.
  admin = await make('ADMIN');
  for (let i = 0; i < 4; i++) await make('REPORTER');
  await make('ADMIN');
  for (let i = 0; i < 19; i++) await make('USER');
});
afterAll(async () => {
  await browser.close();
  await closeDatabase();
});

/** Records every alert/confirm text; confirms are answered by `answer` (default: accept). */
function dialogs(page: Page, answer: (d: Dialog) => boolean = () => true) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void (d.type() === 'confirm' && !answer(d) ? d.dismiss() : d.accept());
  });
  return seen;
}

async function openScreen(opts: { viewport?: { width: number; height: number } } = {}) {
  const { page, context } = await newPage(browser, opts);
  await signIn(page, admin.username, admin.password);
  const seen = dialogs(page);
  await goto(page, SCREEN);
  await page.getByRole('heading', { name: 'All Users' }).waitFor();
  await page.locator('.pagination').waitFor();
  return { page, context, seen };
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search by username').fill(text);
  // The header has its own Search toggle: use the screen's.
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
}

/** The list call (any query) and the reassign dropdown's call for every reporter. */
const listCall = (url: URL) => url.pathname === '/api/admin/users';
const reportersCall = (url: URL) =>
  listCall(url) && url.searchParams.get('role') === 'REPORTER' && url.searchParams.get('size') === '100';

/** axe-core: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const row = (page: Page, username: string) => page.locator(`tr[data-username="${username}"]`);
const listedNames = (page: Page) =>
  page.locator('tbody tr[data-username]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-username')));
const pageLabel = (page: Page) => page.locator('.pagination span').textContent();

/** Waits for the list request the action triggers and returns its query. */
/** The list request the action sends (not a response still in flight from an earlier step). */
async function listRequest(page: Page, action: () => Promise<void>) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/admin/users?') && !r.url().includes('size=100')),
    action(),
  ]);
  await request.response();
  return new URL(request.url()).searchParams;
}

describe('All Users screen', () => {
  it('pages 25 users by 10 with Page X of Y, arrows disabled at the ends; Search trims and resets to page 1', async () => {
    const { page, context } = await openScreen({ viewport: { width: 1280, height: 900 } });
    const expected = people.map((p) => p.username).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

    const query = await listRequest(page, () => search(page, `  ${prefix.toUpperCase()}  `));
    expect(query.get('search')).toBe(prefix.toUpperCase());
    expect(query.get('page')).toBe('0');
    expect(query.get('size')).toBe('10');
    await expect.poll(() => listedNames(page)).toEqual(expected.slice(0, 10));
    expect(await pageLabel(page)).toBe('Page 1 of 3');
    const previous = page.getByRole('button', { name: 'Previous page' });
    const next = page.getByRole('button', { name: 'Next page' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    for (const header of ['Username', 'Email', 'Actions']) {
      expect(await page.getByRole('columnheader', { name: header }).isVisible()).toBe(true);
    }
    const filterOptions = await page.getByLabel('Filter by role').locator('option').allTextContents();
    expect(filterOptions).toEqual(['All Roles', 'USER', 'REPORTER', 'ADMIN']);
    await screenshot(page, 'admin-users-desktop');
    await expectAccessible(page);

    await next.click();
    await expect.poll(() => listedNames(page)).toEqual(expected.slice(10, 20));
    expect(await pageLabel(page)).toBe('Page 2 of 3');
    await next.click();
    await expect.poll(() => listedNames(page)).toEqual(expected.slice(20));
    expect(await pageLabel(page)).toBe('Page 3 of 3');
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isEnabled()).toBe(true);

    // Search again from page 3: back to the first page.
    const again = await listRequest(page, () => search(page, prefix));
    expect(again.get('page')).toBe('0');
    await expect.poll(() => pageLabel(page)).toBe('Page 1 of 3');

    // A blank search is not sent.
    const blank = await listRequest(page, () => search(page, '   '));
    expect(blank.has('search')).toBe(false);
    await context.close();
  });

  it('the Role header filters and resets to the first page; the own row shows only Your Account', async () => {
    const { page, context } = await openScreen();
    await search(page, prefix);
    await expect.poll(() => pageLabel(page)).toBe('Page 1 of 3');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pageLabel(page)).toBe('Page 2 of 3');

    const query = await listRequest(page, () =>
      page
        .getByLabel('Filter by role')
        .selectOption('ADMIN')
        .then(() => undefined),
    );
    expect(query.get('role')).toBe('ADMIN');
    expect(query.get('page')).toBe('0');
    expect(query.get('search')).toBe(prefix);
    const admins = people.filter((p) => p.role === 'ADMIN').map((p) => p.username);
    await expect.poll(async () => (await listedNames(page)).sort()).toEqual(admins.sort());
    expect(await pageLabel(page)).toBe('Page 1 of 1');

    const own = row(page, admin.username);
    await expect.poll(() => own.locator('.user-actions').textContent()).toBe('Your Account');
    expect(await own.getByRole('combobox').count()).toBe(0);
    expect(await own.getByRole('button').count()).toBe(0);
    const other = row(
      page,
      admins.find((n) => n !== admin.username)!,
    );
    expect(await other.getByRole('combobox').locator('option').allTextContents()).toEqual(['USER', 'REPORTER', 'ADMIN']);
    expect(await other.getByRole('button', { name: /^Delete / }).isVisible()).toBe(true);

    await page.getByLabel('Filter by role').selectOption('REPORTER');
    await expect
      .poll(() => page.locator('tbody td[data-label="Role"]').allTextContents())
      .toEqual(['REPORTER', 'REPORTER', 'REPORTER', 'REPORTER']);
    await screenshot(page, 'admin-users-phone');
    await expectAccessible(page);
    // Nothing wider than a 412 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

    await page.getByLabel('Filter by role').selectOption('');
    await expect.poll(() => pageLabel(page)).toBe('Page 1 of 3');
    await context.close();
  });

  it('shows Loading users... while the list loads, then Error: plus the message and the alert on failure', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, admin.username, admin.password);
    const seen = dialogs(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(listCall, async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Database unavailable' }),
      });
    });
    await goto(page, SCREEN);
    await page.getByText('Loading users...').waitFor();
    release();
    await page.getByText('Error: Database unavailable').waitFor();
    await expect.poll(() => seen).toEqual(['Error fetching users.']);
    await context.close();
  });

  it('changes a non-reporter role directly and updates the row in place', async () => {
    const reader = await make('USER');
    const { page, context, seen } = await openScreen();
    await search(page, reader.username);
    await row(page, reader.username).waitFor();
    await page.getByLabel(`Role of ${reader.username}`).selectOption('REPORTER');
    await expect.poll(() => seen).toEqual(['Role changed successfully.']);
    await expect.poll(() => row(page, reader.username).locator('td[data-label="Role"]').textContent()).toBe('REPORTER');
    expect(await roleInDb(reader.id)).toBe('REPORTER');
    await context.close();
  });

  it('a reporter leaving the role goes through Reassign Articles and becomes USER whatever was chosen', async () => {
    const from = await make('REPORTER');
    const moved = await giveArticles(from.id, ['PENDING', 'REJECTED', 'PENDING']);
    const { page, context, seen } = await openScreen();
    await search(page, from.username);
    await row(page, from.username).waitFor();

    await page.getByLabel(`Role of ${from.username}`).selectOption('ADMIN');
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(`${from.username} has articles. Choose another reporter to transfer them to.`);
    const select = modal.getByLabel('New reporter');
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(4);
    expect(options.every((o) => /^\S+ \(\S+@\S+\)$/.test(o))).toBe(true);
    expect(options.some((o) => o.startsWith(`${from.username} `))).toBe(false);
    // Default: the first other reporter.
    expect(await select.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);
    expect(await modal.getByRole('button', { name: 'Confirm & Delete' }).count()).toBe(0);
    await screenshot(page, 'admin-users-reassign-modal');
    await expectAccessible(page);

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await roleInDb(from.id)).toBe('REPORTER');
    expect(await page.getByLabel(`Role of ${from.username}`).inputValue()).toBe('REPORTER');

    // By keyboard this time: the dropdown, then the modal's select and confirm button.
    await page.getByLabel(`Role of ${from.username}`).selectOption('ADMIN');
    await modal.waitFor();
    const target = people.find((p) => p.role === 'REPORTER' && p.id !== from.id && options[1]?.startsWith(`${p.username} `));
    await select.selectOption({ index: 1 });
    await modal.getByRole('button', { name: 'Confirm & Change Role' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => seen).toEqual(['Articles reassigned and role changed successfully.']);
    await expect.poll(() => row(page, from.username).locator('td[data-label="Role"]').textContent()).toBe('USER');
    expect(await roleInDb(from.id)).toBe('USER');
    const owners = await ownersOf(moved);
    expect(new Set(owners).size).toBe(1);
    expect(owners[0]).not.toBe(from.id);
    if (target) expect(owners[0]).toBe(target.id);
    await context.close();
  });

  it('deletes a non-reporter after the confirmation, and keeps it when the confirmation is refused', async () => {
    const reader = await make('USER');
    const { page, context } = await newPage(browser);
    await signIn(page, admin.username, admin.password);
    let accept = false;
    const seen = dialogs(page, () => accept);
    await goto(page, SCREEN);
    await search(page, reader.username);
    await row(page, reader.username).waitFor();

    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    await expect.poll(() => seen).toEqual(['Are you sure you want to delete this user?']);
    expect(await row(page, reader.username).count()).toBe(1);
    expect(await roleInDb(reader.id)).toBe('USER');

    accept = true;
    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    await expect.poll(() => seen.slice(1)).toEqual(['Are you sure you want to delete this user?', 'User deleted successfully.']);
    await expect.poll(() => row(page, reader.username).count()).toBe(0);
    expect(await roleInDb(reader.id)).toBeUndefined();
    await context.close();
  });

  it('deletes a reporter through the modal with Confirm & Delete, moving the articles', async () => {
    const from = await make('REPORTER');
    const moved = await giveArticles(from.id, ['REJECTED', 'PENDING']);
    const { page, context, seen } = await openScreen();
    await search(page, from.username);
    await row(page, from.username).waitFor();
    await page.getByRole('button', { name: `Delete ${from.username}` }).click();
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.getByRole('button', { name: 'Confirm & Change Role' }).count()).toBe(0);
    const first = (await modal.getByLabel('New reporter').locator('option').first().textContent())!;
    const target = people.find((p) => first.startsWith(`${p.username} (`));
    await modal.getByRole('button', { name: 'Confirm & Delete' }).click();
    await expect.poll(() => seen).toEqual(['Reporter reassigned and deleted successfully.']);
    await expect.poll(() => row(page, from.username).count()).toBe(0);
    expect(await roleInDb(from.id)).toBeUndefined();
    const owners = await ownersOf(moved);
    expect(owners).toHaveLength(2);
    if (target) expect(owners).toEqual([target.id, target.id]);
    else expect(owners.every((o) => o !== from.id)).toBe(true);
    await context.close();
  });

  it('with no other reporter the modal says so and offers no confirm button', async () => {
    const from = await make('REPORTER');
    await giveArticles(from.id, ['PENDING']);
    const { page, context } = await openScreen();
    await search(page, from.username);
    await row(page, from.username).waitFor();
    // Every other reporter is hidden from this page, as on a site with a single reporter.
    await page.route(reportersCall, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          content: [
            { id: from.id, username: from.username, email: `${from.username}@example.com`, role: 'REPORTER', articleCount: 1 },
          ],
          totalPages: 1,
          totalElements: 1,
        }),
      }),
    );
    await page.getByRole('button', { name: `Delete ${from.username}` }).click();
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(`There is no other reporter to take over the articles of ${from.username}.`);
    expect(await modal.getByRole('button').allTextContents()).toEqual(['Cancel']);
    await screenshot(page, 'admin-users-no-other-reporter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await roleInDb(from.id)).toBe('REPORTER');
    await context.close();
  });

  it('a lone reporter with no articles can still be changed: nothing to move, so the modal offers Change Role', async () => {
    const lone = await make('REPORTER');
    const { page, context, seen } = await openScreen();
    await search(page, lone.username);
    await row(page, lone.username).waitFor();
    await page.route(reportersCall, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          content: [
            { id: lone.id, username: lone.username, email: `${lone.username}@example.com`, role: 'REPORTER', articleCount: 0 },
          ],
          totalPages: 1,
          totalElements: 1,
        }),
      }),
    );
    await page.getByLabel(`Role of ${lone.username}`).selectOption('ADMIN');
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(
      `There is no other reporter, but ${lone.username} has no articles, so none need to move.`,
    );
    expect(await modal.getByRole('button').allTextContents()).toEqual(['Cancel', 'Change Role']);
    await modal.getByRole('button', { name: 'Change Role' }).click();
    await expect.poll(() => seen).toEqual(['Role changed successfully.']);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => row(page, lone.username).locator('td[data-label="Role"]').textContent()).toBe('USER');
    expect(await roleInDb(lone.id)).toBe('USER');
    await context.close();
  });

  it('alerts the SPEC texts when a call fails', async () => {
    const reader = await make('USER');
    const reporter = await make('REPORTER');
    const { page, context, seen } = await openScreen();
    await search(page, reader.username);
    await row(page, reader.username).waitFor();
    const fail = (route: { fulfill: (r: object) => Promise<void> }) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });

    await page.route('**/api/admin/assignRole', fail);
    await page.getByLabel(`Role of ${reader.username}`).selectOption('ADMIN');
    await expect.poll(() => seen.at(-1)).toBe('Error assigning role.');
    expect(await page.getByLabel(`Role of ${reader.username}`).inputValue()).toBe('USER');

    await page.route('**/api/admin/users/*', fail);
    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    await expect.poll(() => seen.slice(-2)).toEqual(['Are you sure you want to delete this user?', 'Error deleting user.']);
    expect(await row(page, reader.username).count()).toBe(1);

    await search(page, reporter.username);
    await row(page, reporter.username).waitFor();
    await page.route('**/api/admin/reassign-and-update-role', fail);
    await page.route('**/api/admin/reassign-and-delete-reporter', fail);
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await page.getByLabel(`Role of ${reporter.username}`).selectOption('USER');
    await modal.getByRole('button', { name: 'Confirm & Change Role' }).click();
    await expect.poll(() => seen.at(-1)).toBe('Error during article reassignment and role change.');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${reporter.username}` }).click();
    await modal.getByRole('button', { name: 'Confirm & Delete' }).click();
    await expect.poll(() => seen.at(-1)).toBe('Error during reassignment and deletion.');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await page.route(reportersCall, fail);
    await page.getByRole('button', { name: `Delete ${reporter.username}` }).click();
    await expect.poll(() => seen.at(-1)).toBe('Failed to fetch reporters.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await roleInDb(reporter.id)).toBe('REPORTER');
    expect(await roleInDb(reader.id)).toBe('USER');
    await context.close();
  });
});
