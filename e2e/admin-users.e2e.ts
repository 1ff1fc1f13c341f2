// The All Users screen in Chromium: paging, role filter and search over 25 users; every role change
// and deletion asks in the page and states the result (the reassign modal for reporters with articles,
// the direct question otherwise); outcomes and failures on the page, never in a browser dialog.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articles, users } from '../server/db/schema.ts';
import type { Role } from '../contract/roles.ts';
import {
  createUser,
  database,
  expectDialogs,
  goto,
  newPage,
  SCREENS,
  screenshot,
  signIn,
  takeUnexpectedDialogs,
  useBrowser,
} from './support/browser.ts';

const SCREEN = '/admin-dashboard/usermanagement';
const prefix = `ux${randomBytes(3).toString('hex')}`;

type Account = { id: number; username: string; password: string; role: Role };
useBrowser();
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
  // 25 accounts share the prefix: this admin, 4 reporters, another admin, 19 readers.
  admin = await make('ADMIN');
  for (let i = 0; i < 4; i++) await make('REPORTER');
  await make('ADMIN');
  for (let i = 0; i < 19; i++) await make('USER');
});

const PHONE = SCREENS.smallPhone;
const DESKTOP = SCREENS.desktop;

async function openScreen(opts: { viewport?: { width: number; height: number } } = {}) {
  const { page, context } = await newPage(opts);
  await signIn(page, admin.username, admin.password);
  await goto(page, SCREEN);
  await page.getByRole('heading', { name: 'All Users' }).waitFor();
  await page.locator('.pagination').waitFor();
  return { page, context };
}

/** The screen's live region: the outcome of the last action. */
const notice = (page: Page) => page.locator('.admin-notice[role="status"]').textContent();
const roleCell = (page: Page, username: string) => row(page, username).locator('td[data-label="Role"]').textContent();

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
    const { page, context } = await openScreen({ viewport: SCREENS.desktop });
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
    await expect.poll(() => pageLabel(page)).toBe('Page 1 of 1');

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

  it('shows Loading users... while the list loads, then Error: plus the message and Error fetching users. on the page', async () => {
    const { page, context } = await newPage();
    await signIn(page, admin.username, admin.password);
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
    await expect.poll(() => notice(page)).toBe('Error fetching users.');
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`asks before a direct role change and states the result; Cancel and Escape change nothing (${name})`, async () => {
      const reader = await make('USER');
      const { page, context } = await openScreen({ viewport });
      await search(page, reader.username);
      await row(page, reader.username).waitFor();
      const dropdown = page.getByLabel(`Role of ${reader.username}`);
      const question = page.getByRole('dialog', { name: 'Change role' });

      // A slip of the dropdown: USER -> ADMIN waits for an answer, and Cancel leaves everything as it was.
      await dropdown.selectOption('ADMIN');
      await question.waitFor();
      expect(await question.locator('p').first().textContent()).toBe(`Change ${reader.username}'s role from USER to ADMIN?`);
      expect(await question.textContent()).toContain(`As ADMIN, ${reader.username} can review every article`);
      await screenshot(page, `admin-users-role-question-${name}`);
      await expectAccessible(page);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await dropdown.inputValue()).toBe('USER');
      expect(await roleInDb(reader.id)).toBe('USER');

      await dropdown.selectOption('REPORTER');
      await question.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await roleInDb(reader.id)).toBe('USER');

      await dropdown.selectOption('REPORTER');
      await question.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => notice(page)).toBe(`Role changed successfully. ${reader.username} is now REPORTER.`);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => roleCell(page, reader.username)).toBe('REPORTER');
      expect(await roleInDb(reader.id)).toBe('REPORTER');
      await screenshot(page, `admin-users-role-changed-${name}`);
      await context.close();
    });

    it(`a reporter leaving the role goes through Reassign Articles, which says the result is USER (${name})`, async () => {
      const from = await make('REPORTER');
      const moved = await giveArticles(from.id, ['PENDING', 'REJECTED', 'PENDING']);
      const { page, context } = await openScreen({ viewport });
      await search(page, from.username);
      await row(page, from.username).waitFor();

      await page.getByLabel(`Role of ${from.username}`).selectOption('ADMIN');
      const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
      await modal.waitFor();
      const text = await modal.textContent();
      expect(text).toContain(`${from.username} has 3 articles. Choose another reporter to transfer them to.`);
      expect(text).toContain(
        `${from.username}'s articles move to the reporter you choose and ${from.username} becomes USER. ` +
          `You chose ADMIN: to make ${from.username} ADMIN, change the role again afterwards.`,
      );
      const select = modal.getByLabel('New reporter');
      const options = await select.locator('option').allTextContents();
      expect(options.length).toBeGreaterThanOrEqual(4);
      expect(options.every((o) => /^\S+ \(\S+@\S+\)$/.test(o))).toBe(true);
      expect(options.some((o) => o.startsWith(`${from.username} `))).toBe(false);
      // Default: the first other reporter.
      expect(await select.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);
      expect(await modal.getByRole('button', { name: 'Confirm & Delete' }).count()).toBe(0);
      await screenshot(page, `admin-users-reassign-modal-${name}`);
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
      // The result line states the role the reporter really has now.
      await expect
        .poll(() => notice(page))
        .toBe(`Articles reassigned and role changed successfully. ${from.username} is now USER.`);
      await expect.poll(() => roleCell(page, from.username)).toBe('USER');
      expect(await roleInDb(from.id)).toBe('USER');
      const owners = await ownersOf(moved);
      expect(new Set(owners).size).toBe(1);
      expect(owners[0]).not.toBe(from.id);
      if (target) expect(owners[0]).toBe(target.id);
      await context.close();
    });
  }

  it('a reporter without articles (by the server count at that moment) takes the direct path', async () => {
    const empty = await make('REPORTER');
    const late = await make('REPORTER');
    const { page, context } = await openScreen();
    await search(page, empty.username);
    await row(page, empty.username).waitFor();

    // No articles: the plain question, and the chosen role is the one given.
    await page.getByLabel(`Role of ${empty.username}`).selectOption('ADMIN');
    const question = page.getByRole('dialog', { name: 'Change role' });
    await question.waitFor();
    expect(await page.getByRole('dialog', { name: 'Reassign Articles' }).isVisible()).toBe(false);
    expect(await question.locator('p').first().textContent()).toBe(`Change ${empty.username}'s role from REPORTER to ADMIN?`);
    await question.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => notice(page)).toBe(`Role changed successfully. ${empty.username} is now ADMIN.`);
    expect(await roleInDb(empty.id)).toBe('ADMIN');

    // Listed with no articles, but two were filed since: the server's count decides, so Reassign Articles.
    await search(page, late.username);
    await row(page, late.username).waitFor();
    await giveArticles(late.id, ['PENDING', 'APPROVED']);
    await page.getByLabel(`Role of ${late.username}`).selectOption('USER');
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(`${late.username} has 2 articles.`);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    expect(await roleInDb(late.id)).toBe('REPORTER');
    await context.close();
  });

  it('deletes a non-reporter after the question in the page, and keeps it when the answer is Cancel', async () => {
    const reader = await make('USER');
    const { page, context } = await openScreen();
    await search(page, reader.username);
    await row(page, reader.username).waitFor();
    const question = page.getByRole('dialog', { name: 'Delete user' });

    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    await question.getByText('Are you sure you want to delete this user?').waitFor();
    expect(await question.textContent()).toContain(`The account of ${reader.username}`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(page, reader.username).count()).toBe(1);
    expect(await roleInDb(reader.id)).toBe('USER');

    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => notice(page)).toBe('User deleted successfully.');
    await expect.poll(() => row(page, reader.username).count()).toBe(0);
    expect(await roleInDb(reader.id)).toBeUndefined();
    await context.close();
  });

  it('deletes a reporter through the modal with Confirm & Delete, moving the articles', async () => {
    const from = await make('REPORTER');
    const moved = await giveArticles(from.id, ['REJECTED', 'PENDING']);
    const { page, context } = await openScreen();
    await search(page, from.username);
    await row(page, from.username).waitFor();
    await page.getByRole('button', { name: `Delete ${from.username}` }).click();
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(`${from.username} has 2 articles.`);
    expect(await modal.textContent()).toContain(
      `${from.username}'s articles move to the reporter you choose and the account of ${from.username} is deleted.`,
    );
    expect(await modal.getByRole('button', { name: 'Confirm & Change Role' }).count()).toBe(0);
    const first = (await modal.getByLabel('New reporter').locator('option').first().textContent())!;
    const target = people.find((p) => first.startsWith(`${p.username} (`));
    await modal.getByRole('button', { name: 'Confirm & Delete' }).click();
    await expect.poll(() => notice(page)).toBe('Reporter reassigned and deleted successfully.');
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
    expect(await modal.textContent()).toContain(
      `${from.username} has 1 article and there is no other reporter to take them over.`,
    );
    expect(await modal.getByRole('button').allTextContents()).toEqual(['Cancel']);
    await screenshot(page, 'admin-users-no-other-reporter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await roleInDb(from.id)).toBe('REPORTER');
    await context.close();
  });

  it('says what failed, in the SPEC words, on the page or in the open question', async () => {
    const reader = await make('USER');
    const reporter = await make('REPORTER');
    await giveArticles(reporter.id, ['PENDING']);
    const { page, context } = await openScreen();
    await search(page, reader.username);
    await row(page, reader.username).waitFor();
    const fail = (route: { fulfill: (r: object) => Promise<void> }) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });

    await page.route('**/api/admin/assignRole', fail);
    await page.getByLabel(`Role of ${reader.username}`).selectOption('ADMIN');
    const question = page.getByRole('dialog', { name: 'Change role' });
    await question.getByRole('button', { name: 'Confirm' }).click();
    await question.getByRole('alert').getByText('Error assigning role. boom').waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByLabel(`Role of ${reader.username}`).inputValue()).toBe('USER');

    await page.route('**/api/admin/users/*', fail);
    await page.getByRole('button', { name: `Delete ${reader.username}` }).click();
    const removal = page.getByRole('dialog', { name: 'Delete user' });
    await removal.getByRole('button', { name: 'Confirm' }).click();
    await removal.getByText('Error deleting user. boom').waitFor();
    await removal.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(page, reader.username).count()).toBe(1);

    await search(page, reporter.username);
    await row(page, reporter.username).waitFor();
    await page.route('**/api/admin/reassign-and-update-role', fail);
    await page.route('**/api/admin/reassign-and-delete-reporter', fail);
    const modal = page.getByRole('dialog', { name: 'Reassign Articles' });
    await page.getByLabel(`Role of ${reporter.username}`).selectOption('USER');
    await modal.getByRole('button', { name: 'Confirm & Change Role' }).click();
    await modal.getByText('Error during article reassignment and role change. boom').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${reporter.username}` }).click();
    await modal.getByRole('button', { name: 'Confirm & Delete' }).click();
    await modal.getByText('Error during reassignment and deletion. boom').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await page.route(reportersCall, fail);
    await page.getByRole('button', { name: `Delete ${reporter.username}` }).click();
    await expect.poll(() => notice(page)).toBe('Failed to fetch reporters.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await roleInDb(reporter.id)).toBe('REPORTER');
    expect(await roleInDb(reader.id)).toBe('USER');
    await context.close();
  });

  it('the next page scrolls to the top of the list on a phone; Back returns to the page before', async () => {
    const { page, context } = await openScreen({ viewport: PHONE });
    // The number of pages from the search's own answer: the label may still show the whole list's.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/admin/users?') && r.url().includes(`search=${prefix}`)),
      search(page, prefix),
    ]);
    const pages = String(((await (await request.response())!.json()) as { totalPages: number }).totalPages);
    await expect.poll(() => pageLabel(page)).toBe(`Page 1 of ${pages}`);
    const next = page.getByRole('button', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    const listTop = () => page.locator('.users-table-wrap').evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(await listTop()).toBeLessThan(0);
    await next.click();
    await expect.poll(() => pageLabel(page)).toBe(`Page 2 of ${pages}`);
    expect(Math.abs(await listTop())).toBeLessThanOrEqual(1);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goBack();
    await expect.poll(() => pageLabel(page)).toBe(`Page 1 of ${pages}`);
    await context.close();
  });

  it('the dialog check: a browser box nobody expected is caught, one a test expects is answered', async () => {
    const { page, context } = await openScreen();
    expect(await page.evaluate(() => window.confirm('Really?'))).toBe(false);
    expect(takeUnexpectedDialogs(page)).toEqual([expect.stringMatching(/^confirm "Really\?" on /)]);
    // A test listening on the page answers its dialogs itself.
    page.once('dialog', (d) => void d.accept());
    expect(await page.evaluate(() => window.confirm('Own?'))).toBe(true);
    expect(takeUnexpectedDialogs(page)).toEqual([]);
    const seen = expectDialogs(page);
    expect(await page.evaluate(() => window.confirm('Sure?'))).toBe(true);
    expect(seen).toEqual(['Sure?']);
    await context.close();
  });
});
