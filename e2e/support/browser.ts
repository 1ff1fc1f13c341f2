// Playwright over Debian's Chromium, plus the fixtures e2e tests share.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { users } from '../../server/db/schema.ts';
import type { Role } from '../../contract/roles.ts';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** A fresh context (own cookies) on a phone-sized viewport unless told otherwise. */
export async function newPage(
  browser: Browser,
  opts: {
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
    reducedMotion?: 'reduce';
    /** The device's time zone (the machine's by default). */
    timezoneId?: string;
  } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? { width: 412, height: 915 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    locale: 'te-IN',
    timezoneId: opts.timezoneId,
    // page.route() does not see requests a service worker handles; offline reading is tested
    // in e2e/reading.e2e.ts with the worker allowed.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Navigates and waits until React has hydrated, so clicks reach their handlers. */
export async function goto(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
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
