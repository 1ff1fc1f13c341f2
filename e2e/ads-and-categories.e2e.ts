// Site admin on React Router's data flow, in Chromium on a phone (412×823) and a desktop: Ad
// Management uploads an ad with a start and an end and edits an ad's duration, link, start and end
// (India time), with clear errors; an ad outside its window is not shown to readers, and one whose
// start comes shows without any other change; Manage Categories creates, renames and deletes
// through its clientAction.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { AD_MESSAGES, type Ad } from '../contract/ads.ts';
import { CATEGORY_MESSAGES } from '../contract/categories.ts';
import { formatIndiaTime, indiaLocalToIso, isoToIndiaLocal } from '../contract/review.ts';

useBrowser();
const run = Date.now().toString(36);

const VIEWPORTS = [
  ['phone', SCREENS.shortPhone],
  ['desktop', SCREENS.desktop],
] as const;

async function adminPage(viewport: { width: number; height: number }) {
  const { page, context } = await newPage({ viewport });
  const admin = inject('admin');
  await signIn(page, admin.username, admin.password);
  return { page, context };
}

/** Admin API calls from inside the signed-in page (cookies shared, Origin set for the origin check). */
async function apiCall<T>(page: Page, method: 'GET' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${url}`, { method, data: data as object, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function picture(label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="120"><rect width="100%" height="100%" fill="#1c71d8"/><text x="20" y="70" font-size="40" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Only these ads: every other is deleted, then these are uploaded (oldest first). */
async function onlyAds(page: Page, labels: string[]): Promise<Ad[]> {
  for (const ad of await apiCall<Ad[]>(page, 'GET', '/admin/ads')) await apiCall(page, 'DELETE', `/admin/ads/${ad.id}`);
  const ads: Ad[] = [];
  for (const label of labels) {
    const one = await page.request.post('/api/admin/ads', {
      headers: { origin: baseUrl() },
      multipart: {
        images: { name: `${label}.png`, mimeType: 'image/png', buffer: await picture(label) },
        adDetails: JSON.stringify([{ durationInSeconds: 5 }]),
      },
    });
    expect(one.status()).toBe(201);
    ads.push(...((await one.json()) as { ads: Ad[] }).ads);
  }
  return ads;
}

/** What a reader's home page shows in its banner (a fresh context: nothing shared with the admin). */
async function readerAdIds(): Promise<string[]> {
  const { page, context } = await newPage({});
  await goto(page, '/');
  await page.locator('main.home').waitFor();
  const ids = await page
    .locator('.ad-banner .ad-slot')
    .evaluateAll((slots) => slots.map((s) => s.getAttribute('data-ad-id') ?? ''));
  await context.close();
  return ids;
}

const indiaLocal = (minutesFromNow: number) => isoToIndiaLocal(new Date(Date.now() + minutesFromNow * 60_000));

describe('site admin: ads and categories', { timeout: 240_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`edits an ad's duration, link, start and end; readers see it only within its window (${name})`, async () => {
      const { page, context } = await adminPage(viewport);
      const [always, later] = await onlyAds(page, [`ALWAYS-${name}`, `LATER-${name}`]);
      await goto(page, '/admin-dashboard/ad-management');
      await page.getByRole('heading', { name: 'Ad Management' }).waitFor();
      expect(await page.locator('.ad-list li').count()).toBe(2);

      await page.getByRole('button', { name: 'Edit ad 2' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Edit ad 2' }).waitFor();
      await dialog.getByLabel('Duration (seconds)').fill('8');
      await dialog.getByLabel('Link (optional)').fill('javascript:alert(1)');
      await dialog.getByLabel('Start (India time, optional)').fill(indiaLocal(48 * 60));
      await dialog.getByLabel('End (India time, optional)').fill(indiaLocal(24 * 60));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(AD_MESSAGES.link).waitFor();
      await dialog.getByText(AD_MESSAGES.endBeforeStart).waitFor();
      await screenshot(page, `ads-categories-ad-edit-errors-${name}`);

      await dialog.getByLabel('Link (optional)').fill('https://example.com/later');
      await dialog.getByLabel('End (India time, optional)').fill(indiaLocal(72 * 60));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(AD_MESSAGES.updated).waitFor();
      const second = page.locator('.ad-list li').nth(1);
      await second.getByText('Shown for 8 s').waitFor();
      await second.getByText('https://example.com/later').waitFor();
      await second.getByText(/^Not shown to readers now: from \d\d\/\d\d\/\d{4} \d\d:\d\d IST until/).waitFor();
      await page.locator('.ad-list li').first().getByText('Shown to readers now (no start or end)').waitFor();
      await screenshot(page, `ads-categories-ads-${name}`);

      // Readers: the future ad is not in the banner, nor in the public list.
      expect(await readerAdIds()).toEqual([String(always.id)]);
      expect((await apiCall<Ad[]>(page, 'GET', '/public/ads')).map((a) => a.id)).toEqual([always.id]);
      const saved = (await apiCall<Ad[]>(page, 'GET', '/admin/ads')).find((a) => a.id === later.id)!;
      expect(saved).toMatchObject({ durationInSeconds: 8, link: 'https://example.com/later' });

      // An ended ad is gone for readers too.
      await apiCall(page, 'PUT', `/admin/ads/${always.id}`, {
        durationInSeconds: 5,
        link: null,
        startsAt: new Date(Date.now() - 120 * 60_000).toISOString(),
        endsAt: new Date(Date.now() - 60 * 60_000).toISOString(),
      });
      expect(await readerAdIds()).toEqual([]);
      await context.close();
    });
  }

  for (const [name, viewport] of VIEWPORTS) {
    it(`uploads an ad with a start tomorrow: listed with its window, not shown to readers yet (${name})`, async () => {
      const { page, context } = await adminPage(viewport);
      await onlyAds(page, []);
      await goto(page, '/admin-dashboard/ad-management');
      await page.getByRole('heading', { name: 'Ad Management' }).waitFor();
      const file = `tomorrow-${name}.png`;
      await page
        .getByLabel(/Ad images/)
        .setInputFiles([{ name: file, mimeType: 'image/png', buffer: await picture(`TOMORROW-${name}`) }]);
      const start = indiaLocal(24 * 60);
      const end = indiaLocal(3 * 24 * 60);
      await page.getByLabel(`Start for ${file} (India time, optional)`).fill(start);
      // An end before the start is refused in the browser, at its field.
      await page.getByLabel(`End for ${file} (India time, optional)`).fill(indiaLocal(60));
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText(AD_MESSAGES.endBeforeStart).waitFor();
      expect(await page.locator('.ad-list li').count()).toBe(0);
      await page.getByLabel(`End for ${file} (India time, optional)`).fill(end);
      await page.getByLabel(`Link for ${file} (optional)`).fill('https://example.com/tomorrow');
      await screenshot(page, `ads-categories-ad-upload-window-${name}`);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText(AD_MESSAGES.uploaded).waitFor();

      const listed = page.locator('.ad-list li');
      expect(await listed.count()).toBe(1);
      const shown = `Not shown to readers now: from ${formatIndiaTime(indiaLocalToIso(start)!)} until ${formatIndiaTime(indiaLocalToIso(end)!)}`;
      await listed.getByText(shown).waitFor();
      await listed.getByText('https://example.com/tomorrow').waitFor();
      // Nothing left to upload: the entry's fields are gone.
      expect(await page.getByLabel(`Start for ${file} (India time, optional)`).count()).toBe(0);

      // Readers do not see it yet, in the banner or the public list.
      expect(await readerAdIds()).toEqual([]);
      expect(await apiCall<Ad[]>(page, 'GET', '/public/ads')).toEqual([]);
      const [saved] = await apiCall<Ad[]>(page, 'GET', '/admin/ads');
      expect(Date.parse(saved!.startsAt!)).toBe(Date.parse(indiaLocalToIso(start)!));
      expect(Date.parse(saved!.endsAt!)).toBe(Date.parse(indiaLocalToIso(end)!));
      await context.close();
    });
  }

  it('an ad whose start comes shows to readers with no other change (the window clock drops the cached page)', async () => {
    const { page, context } = await adminPage(VIEWPORTS[1][1]);
    const [soon] = await onlyAds(page, ['SOON']);
    // Far enough ahead for the two readers' looks below to come before it on a busy machine.
    const startsAt = new Date(Date.now() + 20_000);
    await apiCall(page, 'PUT', `/admin/ads/${soon.id}`, {
      durationInSeconds: 5,
      link: null,
      startsAt: startsAt.toISOString(),
      endsAt: null,
    });
    // Cached now, without the ad.
    expect(await readerAdIds()).toEqual([]);
    expect(await readerAdIds()).toEqual([]);
    // Readers' pages are looked at until the start has come and gone by a few seconds.
    const timeout = Math.max(0, startsAt.getTime() - Date.now()) + 11_500;
    await expect.poll(readerAdIds, { timeout, interval: 1_000 }).toEqual([String(soon.id)]);
    await context.close();
  });

  for (const [name, viewport] of VIEWPORTS) {
    it(`Manage Categories: create, rename and delete through the screen's action (${name})`, async () => {
      const { page, context } = await adminPage(viewport);
      await goto(page, '/admin-dashboard/categorymanagement');
      await page.getByRole('columnheader', { name: 'Category' }).waitFor();
      const dialog = page.getByRole('dialog');

      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.getByText(CATEGORY_MESSAGES.nameRequired).waitFor();
      const category = `డి ${name} ${run}`;
      await dialog.getByPlaceholder('Category Name').fill(category);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: category, exact: true }).waitFor();

      await page.getByRole('button', { name: `Edit ${category}` }).click();
      const renamed = `${category} కొత్త`;
      await dialog.getByPlaceholder('Category Name').fill(renamed);
      await dialog.getByRole('button', { name: 'Update' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
      await screenshot(page, `ads-categories-categories-${name}`);

      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      await dialog.getByText(CATEGORY_MESSAGES.confirmDelete).waitFor();
      await dialog.getByText(`No article is filed under ${renamed}.`).waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByRole('cell', { name: renamed, exact: true }).count()).toBe(0);
      await context.close();
    });
  }
});
