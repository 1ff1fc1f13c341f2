// One clock: an article approved just after midnight India time shows the same date on the public
// page, the reporter's desk and the admin's list, whatever the device's time zone.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { articles, categories } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';

useBrowser();

describe('one clock', () => {
  it('shows 24/11/2026 everywhere for an article published at 00:30 on 24 November in India, on a device in UTC', async () => {
    const stamp = Date.now().toString(36);
    const [category] = await database()
      .insert(categories)
      .values({ name: `గడియారం ${stamp}` })
      .returning();
    const reporter = await createUser('REPORTER');
    const admin = await createUser('ADMIN');
    const picture = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1a5fb4' } })
      .jpeg()
      .toBuffer();

    // In UTC the moment is still 23 November (19:00): a device clock would say 23/11.
    const { page, context } = await newPage({ timezoneId: 'UTC', viewport: SCREENS.smallShortPhone });
    await signIn(page, reporter.username, reporter.password);
    const title = `అర్ధరాత్రి వార్త ${stamp}`;
    const created = await page.request.post('/api/articles', {
      headers: { origin: baseUrl() },
      multipart: {
        article: JSON.stringify({ title, author: 'రవి', content: '<p>వివరాలు</p>', categoryIds: [category.id], region: 'విజయవాడ' }),
        images: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: picture },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const { page: adminPage, context: adminContext } = await newPage({ timezoneId: 'UTC' });
    await signIn(adminPage, admin.username, admin.password);
    const approved = await adminPage.request.put(`/api/admin/articles/approve/${id}`, { headers: { origin: baseUrl() } });
    expect(approved.status(), await approved.text()).toBe(200);
    await database()
      .update(articles)
      .set({ publicationDate: new Date('2026-11-23T19:00:00Z') })
      .where(eq(articles.id, id));

    await goto(page, `/article/${id}`);
    // 'ప్రచురణ' with the time to the minute (the approval itself, later, is its 'నవీకరణ').
    expect(await page.locator('.article-meta time').first().textContent()).toBe('24/11/2026 00:30 IST');

    await goto(page, '/reporter-dashboard/my-articles');
    const row = page.locator('.article-row-text', { hasText: title });
    await expect.poll(() => row.locator('.article-row-meta').textContent()).toMatch(/^24\/11\/2026/);

    await goto(page, `/reporter/view-article/${id}`);
    await expect.poll(() => page.locator('time').first().textContent()).toBe('24/11/2026 00:30 IST');

    await goto(adminPage, `/admin-dashboard/view-approved-article/${id}`);
    await expect.poll(() => adminPage.locator('.article-view-meta time').textContent()).toBe('24/11/2026 00:30 IST');
    await adminContext.close();
    await context.close();
  });
});
