// Phonetic Telugu typing where staff write for readers, at desktop size: the live-update editor
// has the 'తెలుగు / ENG' toggle, and what it types (a noun with a case ending, an acronym, a name
// with an ending) is what readers get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { APIRequestContext } from 'playwright-core';
import { createUser, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { LiveUpdateList } from '../contract/live.ts';

useBrowser();
let admin: { username: string; password: string };
let writer: { username: string; password: string };
let adminApi: APIRequestContext;
let reporterApi: APIRequestContext;
let category = 0;

beforeAll(async () => {
  admin = await createUser('ADMIN', 'typing_admin');
  writer = await createUser('REPORTER', 'typing_desk');
  adminApi = await apiContext(admin.username, admin.password);
  reporterApi = await apiContext(writer.username, writer.password);
  const name = `టైపింగ్ ${Date.now().toString(36)}`;
  category = (await ok<{ id: number }>(await adminApi.post('/api/admin/categories', { data: { name } }))).id;
}, 120_000);

afterAll(async () => {
  await adminApi?.dispose();
  await reporterApi?.dispose();
});

describe('Telugu typing in the live-update editor', () => {
  it('types varshamlo as వర్షంలో with the toggle on, and readers get the Telugu', { timeout: 240_000 }, async () => {
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#36a' } })
      .png()
      .toBuffer();
    const story = await publishApproved(
      { reporter: reporterApi, admin: adminApi },
      { title: 'వాన లైవ్', author: 'ప్రతినిధి', content: '<p>వార్త.</p>', categoryIds: [category], region: 'నగరం' },
      [png],
    );

    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    page.setDefaultTimeout(60_000);
    await signIn(page, admin.username, admin.password);
    const who = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await goto(page, `/admin-dashboard/view-approved-article/${story.id}`);
    await page.getByRole('button', { name: 'Go live' }).click();
    await page.getByText(/Live since/).waitFor();
    await who;

    const panel = page.locator('.live-panel');
    const toggle = panel.getByRole('button', { name: 'తెలుగు / ENG' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    const editor = panel.locator('.editor-content');
    await editor.click();
    await page.keyboard.type('varshamlo ');
    await expect.poll(() => editor.innerText()).toBe('వర్షంలో ');
    await page.keyboard.type('GHMC hyderabadlo flyoverpai.');
    await expect.poll(() => editor.innerText()).toBe('వర్షంలో జీహెచ్ఎంసీ హైదరాబాద్\u200cలో ఫ్లైఓవర్\u200cపై.');
    await screenshot(page, 'telugu-typing-live-update');
    await panel.getByRole('button', { name: 'Post update' }).click();
    await page.getByText('Update posted.').waitFor();

    // Readers' list of updates holds the Telugu, not the Latin that was typed.
    const { updates } = await ok<LiveUpdateList>(await adminApi.get(`/api/public/articles/${story.id}/live-updates`));
    expect(updates.map((u) => u.content).join()).toContain('వర్షంలో జీహెచ్ఎంసీ');
    await context.close();

    // The story's reporter posts updates from their own view of it: the toggle is there too.
    const desk = await newPage({ viewport: SCREENS.desktop });
    desk.page.setDefaultTimeout(60_000);
    await signIn(desk.page, writer.username, writer.password);
    await goto(desk.page, `/reporter/view-article/${story.id}`);
    const own = desk.page.locator('.live-panel');
    const ownToggle = own.getByRole('button', { name: 'తెలుగు / ENG' });
    await ownToggle.click();
    await expect.poll(() => ownToggle.getAttribute('aria-pressed')).toBe('true');
    await own.locator('.editor-content').click();
    await desk.page.keyboard.type('nagaramlo ');
    await expect.poll(() => own.locator('.editor-content').innerText()).toBe('నగరంలో ');
    await desk.context.close();
  });
});
