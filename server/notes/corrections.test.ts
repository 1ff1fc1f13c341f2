// Corrections readers can see (issue 37, item 5), over HTTP: only an admin adds or removes one,
// only on a published story; the public JSON, the JSON-LD and the RSS item's date carry it; the
// story's revisions and the audit trail keep it; and the story's cached page and CDN copies are
// dropped (the CDN's purge is read by a listener standing in for Varnish).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterContextProvider } from 'react-router';
import { and, eq } from 'drizzle-orm';
import { createSsrStandIn, createTestApp, standInBuild, TEST_DB, type SignedIn, type TestApp } from '../test/app.ts';
import { addArticles, addCategory, addSubmission } from '../test/fixtures.ts';
import { auditEntries } from '../db/schema.ts';
import { newsArticleJsonLd } from '../../app/components/public/meta.ts';
import { CORRECTION_MAX, CORRECTION_MESSAGES, type Correction } from '../../contract/notes.ts';
import type { Article } from '../../contract/articles.ts';

let t: TestApp;
let purger: Server;
const purges: string[] = [];
let admin: SignedIn, reporter: SignedIn, reader: SignedIn;
let story: number, categoryId: number;
const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);

beforeAll(async () => {
  // Varnish's part: every PURGE's xkey header is kept.
  purger = createServer((request, response) => {
    if (request.method === 'PURGE') purges.push(String(request.headers.xkey ?? ''));
    response.end('ok');
  });
  await new Promise<void>((resolve) => purger.listen(0, '127.0.0.1', resolve));
  const port = (purger.address() as { port: number }).port;
  t = await createTestApp({ env: { PURGE_VARNISH_URLS: `http://127.0.0.1:${port}/` } });
  [admin, reporter, reader] = await t.signInAs('ADMIN', 'REPORTER', 'USER');
  categoryId = (await addCategory(t.services.db, 'సవరణల వర్గం')).id;
  [story] = await addArticles(t.services.db, [
    { title: 'సవరించాల్సిన వార్త', reporterId: reporter.id, categoryIds: [categoryId], publicationDate: twoDaysAgo },
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => purger?.close(resolve));
});

const add = (id: number, who: SignedIn | undefined, text: unknown) =>
  t.call('POST', `/api/admin/articles/${id}/corrections`, who?.cookie, { text });
const publicArticle = async (id: number) => (await t.call('GET', `/api/public/articles/${id}`)).json() as Article;

describe(`corrections readers see (${TEST_DB})`, () => {
  it('only an admin adds one: a reporter (even the story’s) and a reader are refused, the signed-out must sign in', async () => {
    expect((await add(story, reporter, 'నా సవరణ')).statusCode).toBe(403);
    expect((await add(story, reader, 'నా సవరణ')).statusCode).toBe(403);
    expect((await add(story, undefined, 'నా సవరణ')).statusCode).toBe(401);
    expect((await t.call('GET', `/api/admin/articles/${story}/corrections`, reporter.cookie)).statusCode).toBe(403);
    expect((await publicArticle(story)).corrections).toEqual([]);
  });

  it('is for a published story only: 409 saying so for the rest, 404 for a draft or none, 400 for bad text', async () => {
    for (const status of ['PENDING', 'REJECTED', 'SCHEDULED'] as const) {
      const other = (await addSubmission(t.services.db, { title: `సవరణ ${status}`, reporterId: reporter.id, status })).id;
      const res = await add(other, admin, 'సవరణ');
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ message: CORRECTION_MESSAGES.notPublished });
    }
    const draft = (await addSubmission(t.services.db, { title: 'సవరణ చిత్తు', reporterId: reporter.id, status: 'DRAFT' })).id;
    expect((await add(draft, admin, 'సవరణ')).statusCode).toBe(404);
    expect((await add(999_999, admin, 'సవరణ')).statusCode).toBe(404);
    for (const text of ['', '   ', 'అ'.repeat(CORRECTION_MAX + 1), 7]) {
      const res = await add(story, admin, text);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Record<string, string> }).errors.text).toBeTruthy();
    }
    expect((await publicArticle(story)).corrections).toEqual([]);
  });

  it('shows in the public JSON, the JSON-LD and the RSS item’s date, and is kept in the revisions and the audit trail', async () => {
    const feedBefore = (await t.call('GET', '/rss.xml')).body;
    expect(feedBefore).toContain(`<pubDate>${new Date(twoDaysAgo.toISOString()).toUTCString()}</pubDate>`);
    const res = await add(story, admin, '  మొదటి వెర్షన్‌లో మృతుల సంఖ్య 12 అని రాశాం; సరైనది 21.  ');
    expect(res.statusCode).toBe(201);
    const correction = res.json() as Correction;
    expect(correction).toMatchObject({ text: 'మొదటి వెర్షన్‌లో మృతుల సంఖ్య 12 అని రాశాం; సరైనది 21.', author: { username: admin.username } });

    const article = await publicArticle(story);
    expect(article.corrections).toEqual([{ text: correction.text, createdAt: correction.createdAt }]);
    expect(article.updatedAt! >= correction.createdAt).toBe(true);

    const ld = newsArticleJsonLd(article, 'https://news.example', `/article/${story}`, 'd');
    expect(ld.correction).toEqual([{ '@type': 'CorrectionComment', text: correction.text, datePublished: correction.createdAt }]);
    expect(ld.dateModified >= correction.createdAt).toBe(true);
    expect(ld.datePublished).toBe(twoDaysAgo.toISOString());

    const feed = (await t.call('GET', '/rss.xml')).body;
    const item = feed.split('<item>').find((i) => i.includes(`/article/${story}<`))!;
    expect(item).toContain(`<pubDate>${new Date(correction.createdAt).toUTCString()}</pubDate>`);

    const revisions = (await t.call('GET', `/api/articles/${story}/revisions`, admin.cookie)).json() as {
      kind: string;
      correction?: string;
    }[];
    expect(revisions[0]).toMatchObject({ kind: 'CORRECTION', correction: correction.text });
    const [entry] = await t.services.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'article.correction_add'), eq(auditEntries.objectId, String(story))));
    expect(entry).toMatchObject({ actorName: admin.username, details: { correctionId: correction.id, text: correction.text } });
  });

  it('drops the cached page, the article kept in memory and the CDN copies of the story', async () => {
    // The article page as the app renders it: its corrections, tagged with the article as its loader does.
    const build = standInBuild();
    const page = await createSsrStandIn(
      t.services,
      async (request: Request, context: RouterContextProvider) => {
        const id = Number(/\/article\/(\d+)/.exec(new URL(request.url).pathname)?.[1]);
        const found = await t.services.articlePage.get(id);
        context.get(build.entry.module.cacheTagsContext)?.push(`article:${id}`);
        const items = (found?.article.corrections ?? []).map((c) => `<li>${c.text}</li>`).join('');
        return new Response(`<main><h2>సవరణ</h2><ul>${items}</ul></main>`, {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      },
      build,
    );
    try {
      const before = await page.inject({ url: `/article/${story}` });
      expect(before.statusCode).toBe(200);
      expect((await page.inject({ url: `/article/${story}` })).headers['x-render-cache']).toBe('hit');
      purges.length = 0;
      const added = (await add(story, admin, 'ఫోటో శీర్షికలో గ్రామం పేరు సరిచేశాం.')).json() as Correction;
      const after = await page.inject({ url: `/article/${story}` });
      expect(after.headers['x-render-cache']).not.toBe('hit');
      expect(after.body).toContain(added.text);
      await expect.poll(() => purges.join(' ')).toContain(`article:${story}`);
      expect(purges.join(' ')).toContain(`category:${categoryId}`);
    } finally {
      await page.close();
    }
  });

  it('cannot be edited; removing one is its own audited act, kept in the revisions, and drops the caches again', async () => {
    const list = (await t.call('GET', `/api/admin/articles/${story}/corrections`, admin.cookie)).json() as Correction[];
    expect(list.length).toBe(2);
    const [first] = list;
    expect(
      (await t.call('PUT', `/api/admin/articles/${story}/corrections/${first.id}`, admin.cookie, { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/admin/articles/${story}/corrections/${first.id}`, reporter.cookie)).statusCode).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/admin/articles/${story}/corrections/999999`, admin.cookie)).statusCode).toBe(404);
    purges.length = 0;
    const removed = await t.call('DELETE', `/api/admin/articles/${story}/corrections/${first.id}`, admin.cookie);
    expect(removed.statusCode).toBe(204);
    expect((await publicArticle(story)).corrections!.map((c) => c.text)).toEqual([list[1].text]);
    await expect.poll(() => purges.join(' ')).toContain(`article:${story}`);
    const [entry] = await t.services.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'article.correction_remove'), eq(auditEntries.objectId, String(story))));
    expect(entry).toMatchObject({ actorName: admin.username, details: { correctionId: first.id, text: first.text } });
    const revisions = (await t.call('GET', `/api/articles/${story}/revisions`, reporter.cookie)).json() as {
      kind: string;
      correction?: string;
    }[];
    expect(revisions[0]).toMatchObject({ kind: 'CORRECTION_REMOVED', correction: first.text });
    // Removed once: a second time there is nothing to remove.
    expect((await t.call('DELETE', `/api/admin/articles/${story}/corrections/${first.id}`, admin.cookie)).statusCode).toBe(404);
  });
});
