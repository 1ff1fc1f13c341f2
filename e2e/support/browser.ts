// Playwright over Debian's Chromium, plus the fixtures e2e tests share.
import type { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Dialog, type Page } from 'playwright-core';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { users } from '../../server/db/schema.ts';
import type { Role } from '../../contract/roles.ts';

export const baseUrl = () => inject('baseUrl');

let current: Browser | undefined;

/**
 * One Chromium for the calling file: launched before its tests and closed after them, with the
 * fixtures' database pool. Called at the top of the file, before its own hooks: its launch then
 * comes first and its close last (Vitest runs after-hooks in reverse).
 */
export function useBrowser() {
  beforeAll(async () => {
    current = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
    await closeDatabase();
  });
}

/** The file's Chromium (useBrowser), for a context of its own making. */
export function browser(): Browser {
  if (!current) throw new Error('no browser: call useBrowser() at the top of the test file');
  return current;
}

/** The screen sizes the tests draw on, by name. */
export const SCREENS = {
  /** newPage's own: a large phone. */
  phone: { width: 412, height: 915 },
  shortPhone: { width: 412, height: 823 },
  smallPhone: { width: 360, height: 780 },
  smallShortPhone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 900 },
  laptop: { width: 1280, height: 800 },
} as const;

// The site speaks on the page, never in a browser box: any alert, confirm, prompt or beforeunload
// dialog a test did not ask for fails that test (checked after each test by e2e/support/setup.ts,
// so a dialog met while a shared page was set up fails the file's first test). A test asks for them
// with expectDialogs(), or by listening for them itself (page.on/once('dialog')). An unexpected one
// is dismissed (Cancel), except beforeunload, which is let through so the test still reaches its end.
const unexpectedDialogs: { context: BrowserContext; text: string }[] = [];
const expectedDialogs = new WeakMap<BrowserContext, { seen: string[]; answer: (dialog: Dialog) => boolean }>();

function answerDialogs(context: BrowserContext) {
  context.on('dialog', (dialog) => {
    // The context hears a dialog before its page does: a test listening on the page answers it.
    // (Playwright's Page is an EventEmitter at run time; its types leave listenerCount out.)
    const page = dialog.page() as (Page & Pick<EventEmitter, 'listenerCount'>) | null;
    if (page && page.listenerCount('dialog') > 0) return;
    const expected = expectedDialogs.get(context);
    if (!expected)
      unexpectedDialogs.push({ context, text: `${dialog.type()} "${dialog.message()}" on ${dialog.page()?.url() ?? '?'}` });
    else expected.seen.push(dialog.message());
    const accept = expected ? expected.answer(dialog) : dialog.type() === 'beforeunload';
    (accept ? dialog.accept() : dialog.dismiss()).catch(() => {});
  });
}

/** After each test (e2e/support/setup.ts): fails it on the dialogs nobody expected since the last check. */
export function failOnUnexpectedDialogs() {
  if (unexpectedDialogs.length === 0) return;
  const met = unexpectedDialogs.splice(0).map((d) => d.text);
  throw new Error(`Unexpected browser dialog (use expectDialogs() if the test means it): ${met.join('; ')}`);
}

/**
 * Before each file: what a previous file's pages raised after its last test (a page closing on a
 * form that asks before leaving) belongs to no test of this file.
 */
export function forgetDialogs() {
  unexpectedDialogs.length = 0;
}

/**
 * For a test that means to meet dialogs on this page's context: each one's message is recorded in the
 * returned list and answered by `answer` (accepted unless it returns false) instead of failing the test.
 */
export function expectDialogs(page: Page, answer: (dialog: Dialog) => boolean = () => true): string[] {
  const seen: string[] = [];
  expectedDialogs.set(page.context(), { seen, answer });
  return seen;
}

/** The unexpected dialogs met so far on this page's context, taken out of the check (for a test of the check itself). */
export function takeUnexpectedDialogs(page: Page): string[] {
  const taken: string[] = [];
  for (let i = unexpectedDialogs.length - 1; i >= 0; i--) {
    if (unexpectedDialogs[i].context === page.context()) taken.unshift(unexpectedDialogs.splice(i, 1)[0].text);
  }
  return taken;
}

/** A fresh context (own cookies) in the file's browser, on a phone-sized viewport unless told otherwise. */
export async function newPage(
  opts: {
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
    reducedMotion?: 'reduce';
    /** The device's time zone (the machine's by default). */
    timezoneId?: string;
  } = {},
) {
  const context: BrowserContext = await browser().newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? SCREENS.phone,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    locale: 'te-IN',
    timezoneId: opts.timezoneId,
    // page.route() does not see requests a service worker handles; offline reading is tested
    // in e2e/reading.e2e.ts with the worker allowed.
    serviceWorkers: 'block',
  });
  answerDialogs(context);
  const page = await context.newPage();
  return { context, page };
}

/** Navigates and waits until React has hydrated, so clicks reach their handlers. */
export async function goto(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** Signs in as a reader does: the home page's menu, its sign-in button, the form. Returns the dialog. */
export async function signInThroughMenu(page: Page, username: string, password: string) {
  await goto(page, '/');
  await page.getByRole('button', { name: 'మెనూ' }).click();
  await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel('యూజర్ పేరు').fill(username);
  await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(password);
  await dialog.locator('form').getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
  return dialog;
}

let pool: pg.Pool | undefined;
/** Direct database access to the e2e server's PostgreSQL database, for fixtures only. */
export function database() {
  pool ??= new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  return drizzle({ client: pool });
}
export async function closeDatabase() {
  await pool?.end();
  pool = undefined;
}

let counter = 0;
/** Creates an account with the given role; password is always 'secret123'. */
export async function createUser(role: Role, prefix = role.toLowerCase()) {
  const username = `${prefix}_${Date.now().toString(36)}${++counter}`;
  const [user] = await database()
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: await hashPassword('secret123'), role })
    .returning();
  return { id: user.id, username, password: 'secret123' };
}

/** Signs in through the API within the page's context (cookies are shared with the page). */
export async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`sign-in failed for ${username}: ${res.status()}`);
}

export async function screenshot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'e2e/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
