// every page passes axe-core with no serious or critical violation.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';

useBrowser();

async function seriousViolations(page: Page, url: string) {
  await goto(page, url);
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${url}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

describe('accessibility (axe-core)', () => {
  it('public pages', async () => {
    const { page } = await newPage();
    const home = await (await page.request.get('/api/public/articles/homepage')).json();
    const article = home.latestNews[0];
    const categoryId = article?.categories?.[0]?.id;
    const urls = ['/', '/about-us', '/search?query=హైదరాబాద్', '/unauthorized', '/no-such-page'];
    if (article) urls.push(`/article/${article.id}`);
    if (categoryId) urls.push(`/public/articles/category/${categoryId}`);
    const found: string[] = [];
    for (const url of urls) found.push(...(await seriousViolations(page, url)));
    expect(found).toEqual([]);
  });

  it('reporter and user dashboards', async () => {
    const { page } = await newPage();
    const reporter = await createUser('REPORTER', 'a11y');
    await signIn(page, reporter.username, reporter.password);
    const found: string[] = [];
    for (const url of [
      '/user-dashboard',
      '/reporter-dashboard',
      '/reporter-dashboard/write-article',
      '/reporter-dashboard/my-articles',
      '/reporter-dashboard/pending-rejected-articles',
    ]) {
      found.push(...(await seriousViolations(page, url)));
    }
    expect(found).toEqual([]);
  });

  it('admin screens', async () => {
    const { page } = await newPage({ viewport: SCREENS.desktop });
    const { username, password } = inject('admin');
    await signIn(page, username, password);
    const found: string[] = [];
    for (const url of [
      '/admin-dashboard',
      '/admin-dashboard/usermanagement',
      '/admin-dashboard/categorymanagement',
      '/admin-dashboard/pending-articles',
      '/admin-dashboard/approved-articles',
      '/admin-dashboard/navigation-management',
      '/admin-dashboard/featured-categories',
      '/admin-dashboard/about-us-management',
      '/admin-dashboard/ad-management',
    ]) {
      found.push(...(await seriousViolations(page, url)));
    }
    expect(found).toEqual([]);
  });
});
