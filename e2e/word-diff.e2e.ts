// 'Changes since rejection' and the revision history in Chromium: a removed word and the word that replaced it are drawn
// apart, so their letters never join into a conjunct found in neither version (హైదరాబాద్ +
// వర్షం → ద్వ), and a picture removed before the resubmission is listed as removed.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };
let category: { id: number; name: string };
let photos: Buffer[];

const POLL_MS = 20_000;

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'differ');
  [category] = await database()
    .insert(categories)
    .values([{ name: `తేడాలు ${Date.now().toString(36)}` }])
    .returning({ id: categories.id, name: categories.name });
  photos = await Promise.all(
    ['#1a5fb4', '#b3121f'].map((background) =>
      sharp({ create: { width: 640, height: 420, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
});

/** The `article` part and the pictures, as the form sends them. */
function articleForm(article: Record<string, unknown>, files: Buffer[] = []) {
  const form = new FormData();
  form.append(
    'article',
    JSON.stringify({ author: 'రవి', youtubeVideoId: '', categoryIds: [category.id], region: 'హైదరాబాద్', ...article }),
  );
  files.forEach((data, i) => form.append('images', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return form;
}

/**
 * For every removed word followed by an inserted one: where each is drawn. Joined into one
 * cluster, the inserted word's first letter has no width of its own (it sits under the removed
 * word's last letter) and the two boxes touch.
 */
function pairs(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((p) => {
    const out: { removed: string; added: string; between: string; gap: number; firstLetterWidth: number }[] = [];
    for (const del of Array.from(p.querySelectorAll('del'))) {
      let next = del.nextElementSibling;
      let between = '';
      while (next && next.tagName !== 'INS' && next.tagName !== 'DEL' && !next.textContent?.trim()) {
        between += next.textContent;
        next = next.nextElementSibling;
      }
      if (!next || next.tagName !== 'INS' || !next.firstChild) continue;
      const first = document.createRange();
      first.setStart(next.firstChild, 0);
      first.setEnd(next.firstChild, 1);
      out.push({
        removed: del.textContent ?? '',
        added: next.textContent ?? '',
        between,
        gap: next.getBoundingClientRect().left - del.getBoundingClientRect().right,
        firstLetterWidth: first.getBoundingClientRect().width,
      });
    }
    return out;
  });
}

describe('changes since rejection', { timeout: 180_000 }, () => {
  it('never joins a removed and an inserted word into one letter, and lists a removed picture; the history too', async () => {
    const { page: rp, context: rc } = await newPage();
    await signIn(rp, reporter.username, reporter.password);
    const suffix = Date.now().toString(36);
    const created = await rp.request.post('/api/articles', {
      multipart: articleForm({ title: `హైదరాబాద్ ${suffix}`, content: '<p>ఈ రోజు కార్ ప్రమాదం. పోలీస్ వచ్చారు.</p>' }, photos),
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, imageUrls } = (await created.json()) as { id: number; imageUrls: string[] };
    expect(imageUrls).toHaveLength(2);

    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    const admin = inject('admin');
    await signIn(page, admin.username, admin.password);
    expect((await page.request.put(`/api/admin/articles/reject/${id}`, { data: { reason: 'మార్చండి' } })).status()).toBe(200);

    // Each replaced word ends in a bare consonant (virama) and its replacement starts with one.
    const resubmitted = await rp.request.put(`/api/articles/${id}`, {
      multipart: articleForm({
        title: `వర్షం ${suffix}`,
        content: '<p>ఈ రోజు బస్సు ప్రమాదం. పోలీసులు వచ్చారు.</p>',
        imageOrder: [imageUrls[0]],
      }),
    });
    expect(resubmitted.status(), await resubmitted.text()).toBe(200);
    await rc.close();

    await goto(page, `/admin-dashboard/view-article/${id}`);
    await page.getByRole('heading', { name: 'Changes since rejection' }).waitFor({ timeout: POLL_MS });
    const title = await pairs(page, 'title-diff');
    expect(title.map((p) => [p.removed, p.added])).toEqual([['హైదరాబాద్', 'వర్షం']]);
    const content = await pairs(page, 'content-diff');
    expect(content.map((p) => [p.removed, p.added])).toEqual([
      ['కార్', 'బస్సు'],
      ['పోలీస్', 'పోలీసులు'],
    ]);
    for (const pair of [...title, ...content]) {
      expect(pair.between).toBe(' ');
      expect(pair.gap).toBeGreaterThan(0);
      expect(pair.firstLetterWidth).toBeGreaterThan(0);
    }
    // What the admin reads: both versions' words, apart.
    expect(await page.getByTestId('title-diff').textContent()).toBe(`హైదరాబాద్ వర్షం ${suffix}`);

    // The removed picture's files went with it; it is still listed as removed.
    const images = page.locator('.changes-since-rejection .diff-block', { has: page.getByRole('heading', { name: 'Images' }) });
    expect(await images.getByText('Removed:').textContent()).toBe('Removed: 1 picture');
    expect(await images.locator('.image-gone').allTextContents()).toEqual(['A removed picture (its file is no longer stored)']);

    // The revision history shows each revision's words against the one before, drawn the same way.
    const history = page.locator('.revision-history');
    await history.getByRole('button', { name: 'Show changes' }).first().click();
    await page.getByTestId('revision-title-diff').waitFor({ timeout: POLL_MS });
    const revisionPairs = [...(await pairs(page, 'revision-title-diff')), ...(await pairs(page, 'revision-content-diff'))];
    expect(revisionPairs.map((p) => [p.removed, p.added])).toEqual([
      ['హైదరాబాద్', 'వర్షం'],
      ['కార్', 'బస్సు'],
      ['పోలీస్', 'పోలీసులు'],
    ]);
    for (const pair of revisionPairs) {
      expect(pair.between).toBe(' ');
      expect(pair.gap).toBeGreaterThan(0);
      expect(pair.firstLetterWidth).toBeGreaterThan(0);
    }
    await screenshot(page, 'review-changes-apart');
    await context.close();
  });
});
