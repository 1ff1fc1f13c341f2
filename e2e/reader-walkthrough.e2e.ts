// What a reader (and a reporter at their first story) meets, walked through in Chromium at the size
// they use (issue 41): signing in to save stays on the story and saves it, registering while reading
// stays on the story, the account and reset pages in Telugu with each password problem said once,
// the byline and the author page naming one person, a story that goes live while open, the meta
// line, the featured headings' cue, the push choice's words and the desktop header's sign-in.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { createUser, database, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';

const PHONE = SCREENS.smallShortPhone;
const stamp = Date.now().toString(36);
const BYLINE = 'రవి కుమార్';
useBrowser();

let admin: APIRequestContext;
let reporter: APIRequestContext;
let reporterName = '';
let categoryName = '';
let categoryId = 0;
let picture: Buffer;

/** The final screenshots of the changed screens (docs/screenshots/). */
async function shot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'docs/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

const publish = (title: string, more: Record<string, unknown> = {}): Promise<Article> =>
  publishApproved(
    { reporter, admin },
    { title, author: BYLINE, content: '<p>వార్త వివరాలు.</p>', categoryIds: [categoryId], region: 'గుంటూరు', ...more },
    [picture],
  );

/** The page's JSON-LD article (NewsArticle or LiveBlogPosting). */
async function jsonLd(page: Page): Promise<{ author: { name: string; url?: string }[] }> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t)).find((d) => d.author);
}

beforeAll(async () => {
  const a = inject('admin');
  admin = await apiContext(a.username, a.password);
  const desk = await createUser('REPORTER', 'walk');
  reporterName = desk.username;
  reporter = await apiContext(desk.username, desk.password);
  await ok(await reporter.put('/api/me/profile', { data: { displayName: BYLINE, bio: null } }));
  categoryName = `క్రీడలు-${stamp}`;
  [{ id: categoryId }] = await database().insert(categories).values({ name: categoryName }).returning({ id: categories.id });
  picture = await sharp({ create: { width: 960, height: 540, channels: 3, background: { r: 40, g: 110, b: 70 } } })
    .png()
    .toBuffer();
});

describe('reading on a 360 px phone', () => {
  it('save while signed out: the login modal over the story, then the story is saved, still on it', async () => {
    const story = await publish(`సేవ్ పరీక్ష ${stamp}`);
    const reader = await createUser('USER', 'saver41');
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${story.id}`);
    await page.locator('.save-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('సేవ్ చేయడానికి లాగిన్ అవ్వండి.').waitFor();
    // Not the dashboard links' reason.
    expect(await dialog.getByText('ఆ పేజీ తెరవడానికి ముందు ప్రవేశించండి.').count()).toBe(0);
    await shot(page, 'save-sign-in-in-place-360');
    await dialog.getByLabel('యూజర్ పేరు').fill(reader.username);
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(reader.password);
    await dialog.locator('form').getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
    await expect.poll(() => page.locator('.save-button').textContent(), { timeout: 20_000 }).toContain('సేవ్ అయింది');
    expect(new URL(page.url()).pathname).toBe(`/article/${story.id}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const saved = await page.request.get(`/api/me/saved/${story.id}`);
    expect(((await saved.json()) as { saved: boolean }).saved).toBe(true);
    await context.close();
  });

  it('registering from the menu while reading stays on the story; the account page is in Telugu', async () => {
    const story = await publish(`నమోదు పరీక్ష ${stamp}`);
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${story.id}`);
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Register' }).click();
    const name = `walker${stamp}`;
    await dialog.getByLabel('యూజర్ పేరు').fill(name);
    await dialog.getByLabel('ఈమెయిల్').fill(`${name}@example.com`);
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill('secret123');
    await dialog.locator('form').getByRole('button', { name: 'నమోదు చేసుకోండి' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/article/${story.id}`);
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await page.locator('#site-drawer').getByRole('link', { name: 'నా ఖాతా' }).click();
    await page.waitForURL('**/user-dashboard');
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor();
    for (const heading of ['పాస్‌వర్డ్ మార్చండి', 'సెషన్‌లు', 'చదవడం కొనసాగించండి'])
      await page.getByRole('heading', { name: heading }).waitFor();
    expect(await page.getByRole('button', { name: 'మిగతా అన్ని చోట్ల లాగౌట్ చేయండి' }).isVisible()).toBe(true);
    // No English left for the reader beyond the heading SPEC keeps.
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/Change password|Sessions|Sign out everywhere|Current password|New password/);
    await shot(page, 'account-telugu-360');
    await context.close();
  });

  it('the meta line says a region that is the district once; a live story has its mark by the title', async () => {
    const story = await publish(`జిల్లా పరీక్ష ${stamp}`, { region: 'హైదరాబాద్', district: 'hyderabad' });
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${story.id}`);
    const meta = page.locator('.article-meta > p').first();
    expect((await meta.innerText()).split('హైదరాబాద్').length - 1).toBe(1);
    expect(await meta.getByRole('link', { name: 'హైదరాబాద్' }).count()).toBe(1);
    await context.close();
  });

  it('a story that goes live while its page is open shows its live section and mark, without a reload', async () => {
    const story = await publish(`లైవ్ అవుతున్న వార్త ${stamp}`);
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${story.id}`);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    expect(await page.locator('.live-updates').count()).toBe(0);
    await ok(await admin.put(`/api/admin/articles/${story.id}/live`));
    await ok(await reporter.post(`/api/articles/${story.id}/live-updates`, { data: { content: '<p>మొదటి అప్‌డేట్ వచ్చింది</p>' } }));
    const section = page.locator('.live-updates');
    await section.getByText('మొదటి అప్‌డేట్ వచ్చింది').waitFor({ timeout: 40_000 });
    expect(await page.locator('h1.article-title .live-badge').textContent()).toBe('లైవ్');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // A later update arrives through the live island's own poll.
    await ok(await reporter.post(`/api/articles/${story.id}/live-updates`, { data: { content: '<p>రెండో అప్‌డేట్</p>' } }));
    await section.getByText('రెండో అప్‌డేట్').waitFor({ timeout: 30_000 });
    await shot(page, 'article-live-mark-360');
    // Drawn by the server for a story live at render, too.
    await goto(page, `/article/${story.id}?utm_source=look-1`);
    expect(await page.locator('h1.article-title .live-badge').textContent()).toBe('లైవ్');
    await context.close();
  });

  it('featured headings show their cue; the push choice says the category by its name', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, '/');
    const heading = page.locator('.featured-pane .section-heading a').first();
    await heading.waitFor();
    expect(await heading.evaluate((a) => getComputedStyle(a, '::after').content)).toContain('అన్నీ →');
    // The heading's own words stay 'తాజా' + the name.
    expect(await heading.textContent()).toMatch(/^తాజా /);
    await heading.scrollIntoViewIfNeeded();
    await shot(page, 'home-featured-cue-360');

    const story = await publish(`హెచ్చరిక పరీక్ష ${stamp}`);
    await goto(page, `/article/${story.id}`);
    await page.getByRole('button', { name: 'ఫోన్‌లో బ్రేకింగ్ వార్తలు పొందండి' }).click();
    await page.getByRole('checkbox', { name: categoryName, exact: true }).waitFor();
    expect(await page.getByText(`${categoryName} వార్తలు`).count()).toBe(0);
    await page.locator('.push-opt-in, fieldset').first().scrollIntoViewIfNeeded();
    await shot(page, 'push-choice-360');
    await context.close();
  });
});

describe('the byline and the author page name one person', () => {
  it('the byline that is the display name links to the author page titled with it; another text does not', async () => {
    const own = await publish(`సొంత బైలైన్ ${stamp}`);
    const guest = await publish(`అతిథి బైలైన్ ${stamp}`, { author: 'పీటీఐ' });
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${own.id}`);
    const byline = page.locator('a.article-author');
    expect(await byline.textContent()).toBe(BYLINE);
    expect((await jsonLd(page)).author[0]).toMatchObject({
      name: BYLINE,
      url: expect.stringContaining(`/author/${reporterName}`),
    });
    await byline.click();
    await page.waitForURL(`**/author/${reporterName}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(BYLINE);
    expect(await page.title()).toContain(BYLINE);

    await goto(page, `/article/${guest.id}`);
    expect(await page.locator('.article-author').textContent()).toBe('పీటీఐ');
    expect(await page.locator('a.article-author').count()).toBe(0);
    const author = (await jsonLd(page)).author[0];
    expect(author.name).toBe('పీటీఐ');
    expect(author.url).toBeUndefined();
    await context.close();
  });

  it('a reporter without a display name is asked for it on the first story; the empty Author field takes it', async () => {
    const fresh = await createUser('REPORTER', 'noname');
    const { page, context } = await newPage({ viewport: PHONE });
    await signIn(page, fresh.username, fresh.password);
    await goto(page, '/reporter-dashboard/article-create');
    await page.getByRole('heading', { name: 'Your name on your stories' }).waitFor();
    // Never the username in its place: the Author field waits empty.
    const field = page.getByLabel('Author', { exact: true });
    expect(await field.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Enter your name as readers should see it.').waitFor();
    await shot(page, 'write-display-name-prompt-360');
    // Typed as it is sent (the Telugu typing toggle's own behaviour is tested elsewhere).
    await page.getByLabel('Display name (Telugu)').evaluate((input: HTMLInputElement, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, 'సుధ రాణి');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => field.inputValue()).toBe('సుధ రాణి');
    expect(await page.getByRole('heading', { name: 'Your name on your stories' }).count()).toBe(0);
    const profile = await page.request.get('/api/me/profile');
    expect(((await profile.json()) as { displayName: string }).displayName).toBe('సుధ రాణి');
    await context.close();
  });
});

describe('passwords: Telugu, each problem said once', () => {
  it('the reset page is Telugu, and a weak password is named once', async () => {
    const target = await createUser('REPORTER', 'resetwalk');
    const link = await ok<{ resetUrl: string }>(await admin.post(`/api/admin/users/${target.id}/password-reset`));
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, new URL(link.resetUrl).pathname);
    await page.getByRole('heading', { name: 'కొత్త పాస్‌వర్డ్ ఎంచుకోండి' }).waitFor();
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('password1234');
    await page.getByLabel('కొత్త పాస్‌వర్డ్ మళ్ళీ').fill('password1234');
    await page.locator('.strength-problem').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'కొత్త పాస్‌వర్డ్ సెట్ చేయండి' }).click();
    await page.getByRole('alert').waitFor();
    await expect.poll(() => page.getByText(/too easy to guess/).count()).toBe(1);
    await shot(page, 'reset-password-telugu-360');
    await context.close();
  });

  it('the account page names a weak new password once', async () => {
    const staff = await createUser('REPORTER', 'weakwalk');
    const { page, context } = await newPage({ viewport: PHONE });
    await signIn(page, staff.username, staff.password);
    await goto(page, '/user-dashboard');
    await page.getByLabel('ప్రస్తుత పాస్‌వర్డ్').fill(staff.password);
    await page.getByLabel('కొత్త పాస్‌వర్డ్', { exact: true }).fill('password1234');
    await page.locator('.strength-problem').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }).click();
    await page.locator('.field-error').filter({ hasText: 'too easy to guess' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText(/too easy to guess/).count()).toBe(1);
    await context.close();
  });
});

describe('the header on a desktop', () => {
  it("has a visible 'లాగిన్' that opens the sign-in; signed in, the account's link; a phone keeps it in ☰", async () => {
    const reader = await createUser('USER', 'desk41');
    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    await goto(page, '/');
    const login = page.locator('.header-bar').getByRole('button', { name: 'లాగిన్' });
    expect(await login.isVisible()).toBe(true);
    await shot(page, 'header-login-desktop');
    await login.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('యూజర్ పేరు').fill(reader.username);
    await dialog.getByLabel('పాస్‌వర్డ్', { exact: true }).fill(reader.password);
    await dialog.locator('form').getByRole('button', { name: 'ప్రవేశించండి', exact: true }).click();
    await page.waitForURL('**/user-dashboard');
    // The cached page draws 'లాగిన్' for everyone; the header, woken by the tap, knows better.
    await goto(page, '/');
    await page.locator('.header-bar .header-login').click();
    await page.locator('.header-bar').getByRole('link', { name: 'నా ఖాతా' }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();

    const phone = await newPage({ viewport: PHONE });
    await goto(phone.page, '/');
    expect(await phone.page.locator('.header-bar .header-login').isVisible()).toBe(false);
    await phone.context.close();
  });
});
