// Issue 37 item 1: no edit is silently overwritten. Every staff answer carries the story's
// `version`; a write naming an older one answers 409 with the story as it is now, who saved it and
// when, and changes nothing; a write naming none is accepted as before. Over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addSubmission } from '../test/fixtures.ts';
import { articleImages, articles, images, users } from '../db/schema.ts';
import { ensureFirstRevision } from './revision-store.ts';
import type { ApprovalStatus } from '../../contract/articles.ts';

const t = useTestApp();
let admin: SignedIn, second: SignedIn, reporter: SignedIn;
let categoryId: number;

beforeAll(async () => {
  [admin, second, reporter] = await t.signInAs('ADMIN', 'ADMIN', 'REPORTER');
  await t.services.db.update(users).set({ displayName: 'రమ డెస్క్' }).where(eq(users.id, admin.id));
  categoryId = (await addCategory(t.services.db, 'వెర్షన్ వార్తలు')).id;
});

let seq = 0;
async function story(status: ApprovalStatus = 'PENDING') {
  const row = await addSubmission(t.services.db, {
    title: `వెర్షన్ వార్త ${++seq}`,
    reporterId: reporter.id,
    categoryIds: [categoryId],
    status,
  });
  const [img] = await t.services.db
    .insert(images)
    .values({ key: `versions${row.id}`, width: 800, height: 600, variantWidths: [400, 800] })
    .returning();
  await t.services.db.insert(articleImages).values({ articleId: row.id, imageId: img.id, position: 0 });
  await t.services.db.transaction((tx) => ensureFirstRevision(tx, row.id));
  return row.id;
}

const body = (title: string, version?: number) => ({
  title,
  author: 'రవి',
  content: `<p>${title} వివరాలు</p>`,
  region: 'విజయవాడ',
  categoryIds: [categoryId],
  ...(version === undefined ? {} : { version }),
});
const versionOf = async (id: number) => (await t.call('GET', `/api/admin/articles/${id}`, admin.cookie)).json().version as number;
const titleOf = async (id: number) =>
  (await t.services.db.select({ title: articles.title }).from(articles).where(eq(articles.id, id)))[0].title;

describe('versions', () => {
  it('grows by one with each saved change: edit, approval, breaking, live, restore', async () => {
    const id = await story();
    const v1 = await versionOf(id);
    expect(v1).toBeGreaterThanOrEqual(1);
    const edit = await t.call('PUT', `/api/articles/${id}`, admin.cookie, body('మొదటి సవరణ', v1));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().version).toBe(v1 + 1);
    const approved = await t.call('PUT', `/api/admin/articles/approve/${id}`, admin.cookie);
    expect(approved.json().article.version).toBe(v1 + 2);
    const breaking = await t.call('PUT', `/api/admin/articles/breaking/${id}`, admin.cookie, { hours: 1 });
    expect(breaking.json().article.version).toBe(v1 + 3);
    expect(await versionOf(id)).toBe(v1 + 3);
    // Public answers never carry it.
    const pub = await t.call('GET', `/api/public/articles/${id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().version).toBeUndefined();
  });

  it('the reporter’s answers carry it, and a rejection moves it', async () => {
    const id = await story();
    const own = await t.call('GET', `/api/reporter/articles/${id}`, reporter.cookie);
    const v = own.json().version as number;
    expect(typeof v).toBe('number');
    const rejected = await t.call('PUT', `/api/admin/articles/reject/${id}`, admin.cookie, { reason: 'మూలం చెప్పండి' });
    expect(rejected.json().article.version).toBe(v + 1);
    // The reporter's resubmission from the copy before the rejection is refused.
    const stale = await t.call('PUT', `/api/articles/${id}`, reporter.cookie, body('పాత కాపీ', v));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().version).toBe(v + 1);
    const fresh = await t.call('PUT', `/api/articles/${id}`, reporter.cookie, body('కొత్త కాపీ', v + 1));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().approvalStatus).toBe('PENDING');
  });

  it('a stale edit answers 409 with the story now, who saved it and when, and changes nothing', async () => {
    const id = await story('APPROVED');
    const v = await versionOf(id);
    const first = await t.call('PUT', `/api/articles/${id}`, admin.cookie, body('సరిదిద్దిన శీర్షిక', v));
    expect(first.statusCode).toBe(200);
    const stale = await t.call('PUT', `/api/articles/${id}`, second.cookie, body('పాత కాపీ నుంచి', v));
    expect(stale.statusCode).toBe(409);
    const answer = stale.json();
    expect(answer).toMatchObject({
      version: v + 1,
      article: { id, title: 'సరిదిద్దిన శీర్షిక', version: v + 1 },
      changedBy: { username: admin.username, displayName: 'రమ డెస్క్' },
    });
    expect(typeof answer.message).toBe('string');
    expect(new Date(answer.changedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await titleOf(id)).toBe('సరిదిద్దిన శీర్షిక');
    // Saving over it names the new version: accepted.
    const over = await t.call('PUT', `/api/articles/${id}`, second.cookie, body('పాత కాపీ నుంచి', v + 1));
    expect(over.statusCode).toBe(200);
    expect(over.json().version).toBe(v + 2);
  });

  it('a write naming no version is accepted as before', async () => {
    const id = await story('APPROVED');
    const v = await versionOf(id);
    const res = await t.call('PUT', `/api/articles/${id}`, admin.cookie, body('వెర్షన్ లేకుండా'));
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(v + 1);
  });

  it('two concurrent saves from the same version: exactly one wins', async () => {
    const id = await story('APPROVED');
    const v = await versionOf(id);
    const [a, b] = await Promise.all([
      t.call('PUT', `/api/articles/${id}`, admin.cookie, body('మొదటి రచయిత', v)),
      t.call('PUT', `/api/articles/${id}`, second.cookie, body('రెండో రచయిత', v)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(await titleOf(id)).toBe(winner.json().title);
    expect(loser.json().article.title).toBe(winner.json().title);
    expect(await versionOf(id)).toBe(v + 1);
  });

  it('save-and-approve takes the version: a stale one saves and approves nothing', async () => {
    const id = await story();
    const v = await versionOf(id);
    await t.call('PUT', `/api/articles/${id}`, second.cookie, body('మరొకరి సవరణ', v));
    const stale = await t.call('PUT', `/api/admin/articles/${id}/save-and-approve`, admin.cookie, body('ఆమోదానికి', v));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().changedBy.username).toBe(second.username);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, id));
    expect(row).toMatchObject({ approvalStatus: 'PENDING', title: 'మరొకరి సవరణ', version: v + 1 });
    const ok = await t.call('PUT', `/api/admin/articles/${id}/save-and-approve`, admin.cookie, body('ఆమోదానికి', v + 1));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().article).toMatchObject({ approvalStatus: 'APPROVED', version: v + 3 });
  });

  it('a restore with a stale version is refused; with the current one it restores', async () => {
    const id = await story('APPROVED');
    const v = await versionOf(id);
    await t.call('PUT', `/api/articles/${id}`, admin.cookie, body('రెండో రూపం', v));
    const revisions = (await t.call('GET', `/api/articles/${id}/revisions`, admin.cookie)).json() as { id: number }[];
    const oldest = revisions[revisions.length - 1].id;
    const url = `/api/admin/articles/${id}/revisions/${oldest}/restore`;
    const stale = await t.call('POST', url, second.cookie, { version: v });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: v + 1, changedBy: { username: admin.username } });
    expect(await titleOf(id)).toBe('రెండో రూపం');
    const ok = await t.call('POST', url, second.cookie, { version: v + 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().article.version).toBe(v + 2);
    // No body: restored as before versions.
    expect((await t.call('POST', url, second.cookie)).statusCode).toBe(200);
  });

  it('the publishing clock’s publication is a version with no person', async () => {
    const id = await story();
    const v = await versionOf(id);
    const at = new Date(Date.now() + 3_600_000);
    const res = await t.call(
      'PUT',
      `/api/admin/articles/approve/${id}?publishAt=${encodeURIComponent(at.toISOString())}`,
      admin.cookie,
    );
    expect(res.json().article).toMatchObject({ approvalStatus: 'SCHEDULED', version: v + 1 });
    await t.services.publishing.publishDue(new Date(at.getTime() + 1000));
    expect(await versionOf(id)).toBe(v + 2);
    const stale = await t.call('PUT', `/api/articles/${id}`, admin.cookie, body('గడియారం తర్వాత', v + 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().changedBy).toBeNull();
  });

  it('the OpenAPI document names the 409 of the version-checked writes', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const put = doc.paths['/api/articles/{id}'].put;
    expect(JSON.stringify(put.responses['409'])).toContain('VersionConflict');
    expect(doc.components.schemas.VersionConflict.properties).toHaveProperty('changedBy');
  });
});
