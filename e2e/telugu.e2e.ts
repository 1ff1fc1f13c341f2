// Telugu first in Chromium: phonetic typing in the article form (plain fields and the editor)
// and Tenglish search on the search page.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { articles, categories } from '../server/db/schema.ts';
import { searchFieldsFor, shortDescriptionFor } from '../server/articles/text.ts';
import { createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };

beforeAll(async () => {
  reporter = await createUser('REPORTER');
});

const POLL_MS = 15_000;
const valueOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

async function writePage() {
  const { page, context } = await newPage({ viewport: SCREENS.desktop });
  await signIn(page, reporter.username, reporter.password);
  await goto(page, '/reporter-dashboard/write-article');
  return { page, context };
}

describe('phonetic Telugu typing', { timeout: 180_000 }, () => {
  it('turns Latin words into Telugu in the title when a space or punctuation commits them', async () => {
    const { page, context } = await writePage();
    const toggle = page.getByRole('button', { name: 'తెలుగు / ENG' });
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: POLL_MS }).toBe('false');
    // Off: nothing changes what is typed.
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.type('amma ');
    expect(await valueOf(page, 'Title')).toBe('amma ');
    await page.getByLabel('Title', { exact: true }).fill('');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.type('telugu ');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు ');
    // The Latin stays visible while the word is being typed.
    await page.keyboard.type('amm');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు amm');
    await page.keyboard.type('a,');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు అమ్మ,');
    // Backspace right after a conversion gives the Latin back.
    await page.keyboard.press('Backspace');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు amma');
    await page.keyboard.type(' hyderaabaad ');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు amma హైదరాబాద్ ');
    // Escape keeps the word being typed in Latin.
    await page.keyboard.type('IPL');
    await page.keyboard.press('Escape');
    await page.keyboard.type(' vaarta.');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు amma హైదరాబాద్ IPL వార్త.');
    // The form's state follows (what would be saved), and Ctrl+Z undoes the last conversion only.
    await page.keyboard.press('Control+z');
    expect(await valueOf(page, 'Title')).toBe('తెలుగు amma హైదరాబాద్ IPL vaarta');

    // The Author field starts with the reporter's name: typed anew here.
    await page.getByLabel('Author', { exact: true }).fill('');
    await page.getByLabel('Author', { exact: true }).click();
    await page.keyboard.type('kRshNa ciraMjIvi ');
    expect(await valueOf(page, 'Author')).toBe('కృష్ణ చిరంజీవి ');

    // Ctrl+Shift+T switches it off again.
    await page.keyboard.press('Control+Shift+T');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type('ok ');
    expect(await valueOf(page, 'Author')).toBe('కృష్ణ చిరంజీవి ok ');
    await context.close();
  });

  it('works in the rich-text editor, one undo step per conversion', async () => {
    const { page, context } = await writePage();
    await page.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    const editor = page.getByRole('textbox', { name: 'Article content' });
    await editor.click();
    await page.keyboard.type('telugu vaarta ');
    await expect.poll(() => editor.innerText(), { timeout: POLL_MS }).toBe('తెలుగు వార్త ');
    await page.keyboard.type('kRshNa');
    expect(await editor.innerText()).toBe('తెలుగు వార్త kRshNa');
    await page.keyboard.press('Enter');
    await page.keyboard.type('amma ');
    expect((await editor.innerText()).replace(/\n+/g, '|')).toBe('తెలుగు వార్త కృష్ణ|అమ్మ ');
    // Backspace gives the Latin back; Ctrl+Z after a conversion undoes the conversion alone.
    await page.keyboard.press('Backspace');
    expect((await editor.innerText()).replace(/\n+/g, '|')).toBe('తెలుగు వార్త కృష్ణ|amma');
    await page.keyboard.type('. ');
    await page.keyboard.type('ciraMjIvi ');
    expect((await editor.innerText()).replace(/\n+/g, '|')).toBe('తెలుగు వార్త కృష్ణ|amma. చిరంజీవి ');
    await page.keyboard.press('Control+z');
    expect((await editor.innerText()).replace(/\n+/g, '|')).toBe('తెలుగు వార్త కృష్ణ|amma. ciraMjIvi');

    // The key table is one click away.
    await page.getByRole('button', { name: 'How to type Telugu' }).click();
    const help = page.getByRole('region', { name: 'Telugu typing keys' });
    await expect.poll(() => help.isVisible(), { timeout: POLL_MS }).toBe(true);
    expect(await help.innerText()).toContain('ciraMjIvi');
    await screenshot(page, 'telugu-typing-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.isVisible(), { timeout: POLL_MS }).toBe(false);
    await context.close();
  });
});

describe('phonetic Telugu typing as Gboard spells, remembered per person', { timeout: 180_000 }, () => {
  const toggleState = (page: Page) => page.getByRole('button', { name: 'తెలుగు / ENG' }).first().getAttribute('aria-pressed');
  /** Opens a page with the toggle and waits until it shows the signed-in account's state. */
  async function openWithToggle(page: Page, url: string) {
    const who = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await goto(page, url);
    await who;
  }

  it('spells the common words as Gboard does; each account keeps its own toggle on one browser', async () => {
    const other = await createUser('REPORTER', 'typist');
    const opened = await newPage({ viewport: SCREENS.desktop });
    const context = opened.context;
    let page = opened.page;
    await signIn(page, reporter.username, reporter.password);
    await openWithToggle(page, '/reporter-dashboard/write-article');
    expect(await toggleState(page)).toBe('false');
    await page.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.type('hyderabad lo varsham kurisindi. ibbandulu vastondi ');
    expect(await valueOf(page, 'Title')).toBe('హైదరాబాద్ లో వర్షం కురిసింది. ఇబ్బందులు వస్తోంది ');
    // RTS capitals as before; Backspace still gives the Latin back.
    await page.keyboard.type('nAnna ');
    expect(await valueOf(page, 'Title')).toBe('హైదరాబాద్ లో వర్షం కురిసింది. ఇబ్బందులు వస్తోంది నాన్న ');
    await page.keyboard.press('Backspace');
    expect(await valueOf(page, 'Title')).toBe('హైదరాబాద్ లో వర్షం కురిసింది. ఇబ్బందులు వస్తోంది nAnna');
    // The editor follows the same conventions.
    const editor = page.getByRole('textbox', { name: 'Article content' });
    await editor.click();
    await page.keyboard.type('kuda varshaalu ');
    await expect.poll(() => editor.innerText(), { timeout: POLL_MS }).toBe('కూడా వర్షాలు ');

    // Remembered for this account in a new tab (closed without saving: no leave prompt).
    const reopen = async (as: { username: string; password: string }) => {
      await page.close();
      await context.clearCookies();
      page = await context.newPage();
      await signIn(page, as.username, as.password);
      await openWithToggle(page, '/reporter-dashboard/write-article');
    };
    await reopen(reporter);
    await expect.poll(() => toggleState(page), { timeout: POLL_MS }).toBe('true');

    // Another reporter signs in on the same browser: their own state (off); they turn it on.
    await reopen(other);
    expect(await toggleState(page)).toBe('false');
    await page.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    expect(await toggleState(page)).toBe('true');

    // The first one comes back: still on; turns it off, which leaves the other one's on.
    await reopen(reporter);
    await expect.poll(() => toggleState(page), { timeout: POLL_MS }).toBe('true');
    await page.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    expect(await toggleState(page)).toBe('false');
    await reopen(other);
    await expect.poll(() => toggleState(page), { timeout: POLL_MS }).toBe('true');
    await reopen(reporter);
    expect(await toggleState(page)).toBe('false');
    await page.close();
    await context.close();
  });

  it("the admin's reject-reason box follows the admin's toggle", async () => {
    const { page: rp, context: rc } = await newPage();
    await signIn(rp, reporter.username, reporter.password);
    const [category] = await database()
      .insert(categories)
      .values({ name: `టైపింగ్ ${Date.now().toString(36)}` })
      .returning();
    const photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1a5fb4' } })
      .jpeg()
      .toBuffer();
    const created = await rp.request.post('/api/articles', {
      multipart: {
        article: JSON.stringify({
          title: `తిరస్కరణ టైపింగ్ ${Date.now().toString(36)}`,
          author: 'రవి',
          content: '<p>వివరాలు.</p>',
          youtubeVideoId: '',
          categoryIds: [category.id],
          region: 'హైదరాబాద్',
        }),
        images: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await rc.close();

    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    const admin = inject('admin');
    await signIn(page, admin.username, admin.password);
    // The admin turns typing on in another form of the desk (a category dialog).
    await goto(page, '/admin-dashboard/categorymanagement');
    const who = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await who;
    const categoryDialog = page.getByRole('dialog');
    await categoryDialog.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    await expect
      .poll(() => categoryDialog.getByRole('button', { name: 'తెలుగు / ENG' }).getAttribute('aria-pressed'))
      .toBe('true');

    await goto(page, `/admin-dashboard/view-article/${id}`);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject article' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'తెలుగు / ENG' }).getAttribute('aria-pressed'), { timeout: POLL_MS })
      .toBe('true');
    const reason = dialog.getByLabel('Reason for the reporter (optional)');
    await reason.click();
    await page.keyboard.type('fOTO lo vivaraalu ledu.');
    expect(await reason.inputValue()).toBe('ఫోటో లో వివరాలు లేదు.');
    await screenshot(page, 'telugu-typing-reject-reason');
    await context.close();
  });
});

describe('phonetic Telugu typing in dialogs', { timeout: 180_000 }, () => {
  it('names a category in Telugu; Escape keeps a Latin word without closing the dialog', async () => {
    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    const admin = inject('admin');
    await signIn(page, admin.username, admin.password);
    await goto(page, '/admin-dashboard/categorymanagement');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'తెలుగు / ENG' }).click();
    const input = dialog.getByPlaceholder('Category Name');
    await input.click();
    const run = Date.now().toString(36).replace(/[0-9]/g, '');
    await page.keyboard.type(`kriiDalu ${run}`);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.type(' ');
    expect(await input.inputValue()).toBe(`క్రీడలు ${run} `);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(`క్రీడలు ${run}`) }).waitFor();
    await context.close();
  });
});

describe('Tenglish search', { timeout: 180_000 }, () => {
  it('finds Telugu stories typed in English letters and highlights the Telugu words', async () => {
    const suffix = Date.now().toString(36);
    const title = `హైదరాబాద్‌లో భారీ వర్షం ${suffix}`;
    const content = '<p>నగరంలో రోడ్లు జలమయం.</p>';
    await database()
      .insert(articles)
      .values({
        title,
        author: 'రవి',
        content,
        shortDescription: shortDescriptionFor(content),
        ...searchFieldsFor(title, content),
        reporterId: reporter.id,
        approvalStatus: 'APPROVED',
      });
    const { page, context } = await newPage();
    await goto(page, `/search?query=${encodeURIComponent(`haidarabad ${suffix}`)}`);
    const result = page.getByRole('link', { name: title });
    await expect.poll(() => result.count(), { timeout: POLL_MS }).toBeGreaterThan(0);
    const marks = await page.locator('main mark').allInnerTexts();
    expect(marks).toContain('హైదరాబాద్‌లో');
    await goto(page, `/search?query=${encodeURIComponent(`varsham ${suffix}`)}`);
    expect(await page.locator('main mark').allInnerTexts()).toContain('వర్షం');
    await screenshot(page, 'tenglish-search');
    await context.close();
  });
});
