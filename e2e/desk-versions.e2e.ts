// Issue 37 items 1 and 2 in Chromium, two admins in two browser contexts on one published story:
// the second one opening it sees who is editing since when and can take over; the first one's
// screen learns it at its next heartbeat, turns read-only and keeps the unsaved text. A save from a
// copy older than the stored one is refused with who saved the newer version and when, the word
// diff of their change, and both ways on: take the newer version, or save over it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { articles, categories } from '../server/db/schema.ts';
import { apiContext, ok } from './support/api.ts';
import { createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { HEARTBEAT_MS } from '../contract/editing.ts';
import type { Article } from '../contract/articles.ts';

useBrowser();
type Account = { id: number; username: string; password: string };
let first: Account, second: Account, reporter: Account;
let categoryId: number;
let photo: Buffer;
const POLL = { timeout: 20_000 };
// The first screen learns of a takeover at its next heartbeat.
const BEAT_POLL = { timeout: HEARTBEAT_MS + 15_000, interval: 500 };
let seq = 0;

beforeAll(async () => {
  [first, second, reporter] = await Promise.all([
    createUser('ADMIN', 'deskone'),
    createUser('ADMIN', 'desktwo'),
    createUser('REPORTER', 'deskrep'),
  ]);
  [{ id: categoryId }] = await database()
    .insert(categories)
    .values({ name: `డెస్క్ ${Date.now().toString(36)}` })
    .returning({ id: categories.id });
  photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1a5fb4' } })
    .jpeg()
    .toBuffer();
});

/** A published story, filed by the reporter and approved through the API. */
async function published(): Promise<Article> {
  const [rep, admin] = await Promise.all([
    apiContext(reporter.username, reporter.password),
    apiContext(first.username, first.password),
  ]);
  const form = new FormData();
  form.set(
    'article',
    JSON.stringify({
      title: `డెస్క్ వార్త ${Date.now().toString(36)} ${++seq}`,
      author: 'రవి',
      content: '<p>వరద నీరు తగ్గుతోంది. సహాయ శిబిరాలు కొనసాగుతున్నాయి.</p>',
      region: 'విజయవాడ',
      categoryIds: [categoryId],
    }),
  );
  form.append('images', new File([new Uint8Array(photo)], 'p.jpg', { type: 'image/jpeg' }));
  const created = await ok<Article>(await rep.post('/api/articles', { multipart: form }));
  await ok(await admin.put(`/api/admin/articles/approve/${created.id}`));
  await Promise.all([rep.dispose(), admin.dispose()]);
  return created;
}

async function editScreen(account: Account, id: number) {
  const { page, context } = await newPage({ viewport: SCREENS.desktop });
  await signIn(page, account.username, account.password);
  await goto(page, `/admin-dashboard/edit-approved-article/${id}`);
  await page.locator('form.article-form .editor-content').waitFor();
  return { page, context };
}

const titleField = (page: Page) => page.locator('form.article-form').getByLabel('Title', { exact: true });
const storedTitle = async (id: number) =>
  (await database().select({ title: articles.title }).from(articles).where(eq(articles.id, id)))[0].title;

/** Both sizes of the screen as it is now. */
async function shots(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(SCREENS.smallPhone);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize(SCREENS.desktop);
}

/**
 * The first admin saves a corrected title; the second, who opened the story before that save (and
 * took it over), saves from the older copy: refused, with the conflict shown.
 */
async function staleSave(id: number, theirs: string, mine: string) {
  const a = await editScreen(first, id);
  const b = await editScreen(second, id);
  // The second sees who is editing and is read-only until taking over.
  const banner = b.page.getByTestId('editing-banner');
  await expect.poll(() => banner.textContent(), POLL).toContain(`${first.username} is editing since`);
  expect(await titleField(b.page).isDisabled()).toBe(true);
  await titleField(a.page).fill(theirs);
  await a.page.locator('form.article-form').getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => storedTitle(id), POLL).toBe(theirs);
  await b.page.getByRole('button', { name: 'Take over' }).click();
  await expect.poll(() => titleField(b.page).isDisabled(), POLL).toBe(false);
  await titleField(b.page).fill(mine);
  await b.page.locator('form.article-form').getByRole('button', { name: 'Save Changes' }).click();
  const conflict = b.page.getByTestId('version-conflict');
  await expect.poll(() => conflict.textContent(), POLL).toContain(`${first.username} saved a newer version at`);
  await a.context.close();
  return { ...b, conflict };
}

describe('the desk on one story', () => {
  it('a stale save shows the newer version and the word diff; taking the newer version keeps the typed text', async () => {
    const story = await published();
    const theirs = `సరిదిద్దిన శీర్షిక ${seq}`;
    const mine = `పాత కాపీ శీర్షిక ${seq}`;
    const { page, context, conflict } = await staleSave(story.id, theirs, mine);
    // India time, to the minute.
    expect(await conflict.textContent()).toMatch(/at \d{2}:\d{2}/);
    const diff = conflict.getByTestId('conflict-title-diff');
    expect((await diff.locator('del').allTextContents()).join('')).toContain('పాతకాపీ');
    expect((await diff.locator('ins').allTextContents()).join('')).toContain('సరిదిద్దిన');
    // The typed text is still in the form, and nothing was saved over the first correction.
    expect(await titleField(page).inputValue()).toBe(mine);
    expect(await storedTitle(story.id)).toBe(theirs);
    await shots(page, 'desk-versions-conflict');

    await conflict.getByRole('button', { name: 'Take the newer version' }).click();
    await expect.poll(() => titleField(page).inputValue(), POLL).toBe(theirs);
    const kept = page.getByTestId('kept-text');
    expect(await kept.textContent()).toContain(mine);
    // Now based on the newer version: a save goes through.
    await titleField(page).fill(`${theirs} (ధ్రువీకరించారు)`);
    await page.locator('form.article-form').getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => storedTitle(story.id), POLL).toBe(`${theirs} (ధ్రువీకరించారు)`);
    await context.close();
  });

  it('saving over it is a second, explicit save naming the newer version', async () => {
    const story = await published();
    const theirs = `మొదటి డెస్క్ ${seq}`;
    const mine = `రెండో డెస్క్ ${seq}`;
    const { context, conflict } = await staleSave(story.id, theirs, mine);
    const [{ version }] = await database().select({ version: articles.version }).from(articles).where(eq(articles.id, story.id));
    await conflict.getByRole('button', { name: `Save over it (version ${version})` }).click();
    await expect.poll(() => storedTitle(story.id), POLL).toBe(mine);
    await context.close();
  });

  it('the second person sees who is editing and takes over; the first turns read-only with the text kept', async () => {
    const story = await published();
    const a = await editScreen(first, story.id);
    const unsaved = `సేవ్ చేయని శీర్షిక ${seq}`;
    await titleField(a.page).fill(unsaved);
    const b = await editScreen(second, story.id);
    const banner = b.page.getByTestId('editing-banner');
    await expect.poll(() => banner.textContent(), POLL).toMatch(new RegExp(`${first.username} is editing since \\d{2}:\\d{2}`));
    await shots(b.page, 'desk-versions-editing');
    await b.page.getByRole('button', { name: 'Take over' }).click();
    await expect.poll(() => titleField(b.page).isDisabled(), POLL).toBe(false);

    // The first screen learns within a heartbeat.
    const told = a.page.getByTestId('taken-over');
    await expect.poll(() => told.isVisible(), BEAT_POLL).toBe(true);
    expect(await told.textContent()).toContain(`${second.username} took over this story`);
    expect(await titleField(a.page).isDisabled()).toBe(true);
    expect(await a.page.getByTestId('kept-text').textContent()).toContain(unsaved);
    expect(await a.page.evaluate((id) => localStorage.getItem(`news:taken-over:${id}`), story.id)).toContain(unsaved);
    await shots(a.page, 'desk-versions-taken-over');

    // The lists mark the story someone is editing.
    await goto(a.page, '/admin-dashboard/approved-articles');
    const row = a.page.locator('.review-item', { hasText: story.title });
    await expect.poll(() => row.getByTestId('editing-mark').textContent(), POLL).toBe('సవరణలో');
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
