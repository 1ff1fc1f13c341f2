// The desk's private notes on a story (issue 37, item 3), over HTTP: who may read and write the
// thread (admins and the story's reporter; another reporter, a reader and the signed-out never learn
// it exists), the text's rules, the order, the audit trail, the rejection's reason as a note, the
// count on the staff's lists, and that no note reaches a public answer, page, feed, sitemap or search.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategory, addSubmission } from '../test/fixtures.ts';
import { auditEntries } from '../db/schema.ts';
import { NOTE_MAX, type Note } from '../../contract/notes.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn, other: SignedIn, reader: SignedIn;
let pending: number, approved: number, draft: number, categoryId: number;
const SECRET = 'ఈ మూలం పేరు బయటకు రాకూడదు';

beforeAll(async () => {
  [admin, reporter, other, reader] = await t.signInAs('ADMIN', 'REPORTER', 'REPORTER', 'USER');
  categoryId = (await addCategory(t.services.db, 'గమనికల వర్గం')).id;
  pending = (await addSubmission(t.services.db, { title: 'గమనికల వార్త', reporterId: reporter.id, categoryIds: [categoryId] })).id;
  draft = (await addSubmission(t.services.db, { title: 'చిత్తు', reporterId: reporter.id, status: 'DRAFT' })).id;
  [approved] = await addArticles(t.services.db, [
    { title: 'ప్రచురించిన గమనికల వార్త', reporterId: reporter.id, categoryIds: [categoryId], content: '<p>ప్రజలకు కనిపించే వార్త</p>' },
  ]);
});

const notesOf = async (id: number, who: SignedIn) =>
  (await t.call('GET', `/api/articles/${id}/notes`, who.cookie)).json() as Note[];

describe(`notes on a story (${TEST_DB})`, () => {
  it('the desk and the reporter write to one thread, read oldest first, with who wrote each', async () => {
    const first = await t.call('POST', `/api/articles/${pending}/notes`, admin.cookie, { text: '  ముఖ్యమంత్రి కోట్ మూలం ఏది?  ' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toMatch(/no-store/);
    const note = first.json() as Note;
    expect(note).toEqual({
      id: expect.any(Number),
      text: 'ముఖ్యమంత్రి కోట్ మూలం ఏది?',
      author: { username: admin.username, displayName: admin.username },
      createdAt: expect.any(String),
    });
    const answer = await t.call('POST', `/api/articles/${pending}/notes`, reporter.cookie, { text: 'ప్రెస్ మీట్ వీడియో, 4వ నిమిషం' });
    expect(answer.statusCode).toBe(201);
    for (const who of [admin, reporter]) {
      const res = await t.call('GET', `/api/articles/${pending}/notes`, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      expect((res.json() as Note[]).map((n) => [n.author.username, n.text])).toEqual([
        [admin.username, 'ముఖ్యమంత్రి కోట్ మూలం ఏది?'],
        [reporter.username, 'ప్రెస్ మీట్ వీడియో, 4వ నిమిషం'],
      ]);
    }
  });

  it('another reporter finds no story (404), a reader is refused (403), the signed-out must sign in (401)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { text: 'చూడనివ్వండి' }],
    ] as const) {
      expect((await t.call(method, `/api/articles/${pending}/notes`, other.cookie, body)).statusCode).toBe(404);
      expect((await t.call(method, `/api/articles/${pending}/notes`, reader.cookie, body)).statusCode).toBe(403);
      expect((await t.call(method, `/api/articles/${pending}/notes`, undefined, body)).statusCode).toBe(401);
      // A story that does not exist and one that is another's answer the same.
      const missing = await t.call(method, `/api/articles/999999/notes`, other.cookie, body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual((await t.call(method, `/api/articles/${pending}/notes`, other.cookie, body)).json());
    }
    // A draft is its author's alone: the desk never sees it, so it has no thread.
    expect((await t.call('GET', `/api/articles/${draft}/notes`, reporter.cookie)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/articles/${draft}/notes`, admin.cookie, { text: 'x' })).statusCode).toBe(404);
  });

  it('takes plain text of 1 to 2,000 characters, trimmed; anything else is 400 naming the rule', async () => {
    for (const text of ['', '   ', 'అ'.repeat(NOTE_MAX + 1)]) {
      const res = await t.call('POST', `/api/articles/${pending}/notes`, admin.cookie, { text });
      expect(res.statusCode, JSON.stringify(text).slice(0, 20)).toBe(400);
      expect((res.json() as { errors: Record<string, string> }).errors.text).toBeTruthy();
    }
    expect((await t.call('POST', `/api/articles/${pending}/notes`, admin.cookie, { text: 42 })).statusCode).toBe(400);
    const longest = await t.call('POST', `/api/articles/${pending}/notes`, admin.cookie, { text: 'అ'.repeat(NOTE_MAX) });
    expect(longest.statusCode).toBe(201);
    // Plain text: markup is kept as typed, for React to escape on screen.
    const markup = await t.call('POST', `/api/articles/${pending}/notes`, reporter.cookie, { text: '<b>ధన్యవాదాలు</b>' });
    expect((markup.json() as Note).text).toBe('<b>ధన్యవాదాలు</b>');
  });

  it('records every note in the audit trail, with its text', async () => {
    const res = await t.call('POST', `/api/articles/${pending}/notes`, reporter.cookie, { text: 'ఆడిట్ కోసం గమనిక' });
    const id = (res.json() as Note).id;
    const entries = await t.services.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'article.note'), eq(auditEntries.objectId, String(pending))));
    const entry = entries.find((e) => (e.details as { noteId?: number }).noteId === id);
    expect(entry).toMatchObject({ actorName: reporter.username, summary: 'గమనికల వార్త', details: { text: 'ఆడిట్ కోసం గమనిక' } });
  });

  it("a rejection's reason is the thread's note, written in the rejection", async () => {
    const story = (await addSubmission(t.services.db, { title: 'తిరస్కరించే వార్త', reporterId: reporter.id })).id;
    const res = await t.call('PUT', `/api/admin/articles/reject/${story}`, admin.cookie, { reason: 'ఫోటో హక్కులు లేవు' });
    expect(res.statusCode).toBe(200);
    expect((await notesOf(story, reporter)).map((n) => [n.author.username, n.text])).toEqual([[admin.username, 'ఫోటో హక్కులు లేవు']]);
    // No reason, no note.
    const quiet = (await addSubmission(t.services.db, { title: 'కారణం లేని తిరస్కరణ', reporterId: reporter.id })).id;
    await t.call('PUT', `/api/admin/articles/reject/${quiet}`, admin.cookie, {});
    expect(await notesOf(quiet, reporter)).toEqual([]);
  });

  it("the staff's lists count each story's notes: pending, approved and the reporter's desk", async () => {
    await t.call('POST', `/api/articles/${approved}/notes`, admin.cookie, { text: 'తదుపరి కథనం రాయండి' });
    const count = (list: { id: number; noteCount?: number }[], id: number) => list.find((a) => a.id === id)?.noteCount;
    const queue = (await t.call('GET', '/api/admin/articles/pending', admin.cookie)).json() as {
      id: number;
      noteCount?: number;
    }[];
    expect(count(queue, pending)).toBe((await notesOf(pending, admin)).length);
    const published = (await t.call('GET', '/api/admin/articles/approved', admin.cookie)).json() as {
      content: { id: number; noteCount?: number }[];
    };
    expect(count(published.content, approved)).toBe(1);
    const desk = (await t.call('GET', '/api/reporter/articles/approved', reporter.cookie)).json() as {
      articles: { id: number; noteCount?: number }[];
    };
    expect(count(desk.articles, approved)).toBe(1);
    const mine = (await t.call('GET', '/api/reporter/articles/pending-rejected', reporter.cookie)).json() as {
      id: number;
      noteCount?: number;
    }[];
    expect(count(mine, pending)).toBeGreaterThan(0);
  });

  it('no note reaches a public answer, page data, feed, sitemap or search', async () => {
    await t.call('POST', `/api/articles/${approved}/notes`, admin.cookie, { text: SECRET });
    await t.call('POST', `/api/articles/${approved}/notes`, reporter.cookie, { text: `${SECRET} ఒప్పుకుంటున్నాను` });
    const publicJson = await t.call('GET', `/api/public/articles/${approved}`);
    expect(publicJson.statusCode).toBe(200);
    expect(publicJson.json()).not.toHaveProperty('noteCount');
    const page = await t.services.articlePage.get(approved);
    expect(page?.article.title).toBe('ప్రచురించిన గమనికల వార్త');
    for (const [what, body] of [
      ['public article JSON', publicJson.body],
      ['article page data', JSON.stringify(page)],
      ['home', (await t.call('GET', '/api/public/articles/homepage')).body],
      ['category', (await t.call('GET', `/api/public/articles/category/${categoryId}`)).body],
      ['search', (await t.call('GET', `/api/public/articles/search?query=${encodeURIComponent('మూలం')}`)).body],
      ['rss', (await t.call('GET', '/rss.xml')).body],
      ['category rss', (await t.call('GET', `/rss/category/${categoryId}.xml`)).body],
      ['sitemap', (await t.call('GET', '/sitemap.xml')).body],
      ['news sitemap', (await t.call('GET', '/news-sitemap.xml')).body],
    ] as const) {
      expect(body, what).not.toContain(SECRET);
      expect(body, what).not.toContain('noteCount');
    }
  });
});
