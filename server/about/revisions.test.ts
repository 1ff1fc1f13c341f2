// About Us history over HTTP: every save that changes the text is a revision (the text a page had
// before its first kept save too); an admin lists, reads and restores one, audited; others cannot.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { aboutUs } from '../db/schema.ts';
import { ABOUT_MESSAGES, type AboutRevision, type AboutRevisionSummary } from '../../contract/about.ts';

const t = useTestApp();
let admin: string, reporter: string;
beforeAll(async () => {
  [admin, reporter] = (await t.signInAs('ADMIN', 'REPORTER')).map((u) => u.cookie);
});

const save = (content: string) => t.call('PUT', '/api/admin/about', admin, { content });
const history = async () => (await t.call('GET', '/api/admin/about/revisions', admin)).json<AboutRevisionSummary[]>();

describe(`About Us history (${TEST_DB})`, () => {
  it('keeps the text found at the first save, then each changed text; a save of the same text adds none', async () => {
    // A page made before its history was kept (as the demo seeds it).
    await t.services.db.insert(aboutUs).values({ id: 1, content: '<p>మా గురించి: పాత పాఠం</p>' });
    expect((await save('<p>కొత్త పాఠం</p>')).statusCode).toBe(200);
    expect((await save('<p>కొత్త పాఠం</p>')).statusCode).toBe(200);
    expect((await save('<p></p>')).statusCode).toBe(200);
    const list = await history();
    expect(list.map((r) => r.kind)).toEqual(['EDIT', 'EDIT', 'BEFORE']);
    expect(list[0].editorName).toMatch(/admin/i);
    expect(list[0].length).toBeLessThan(list[1].length);
  });

  it('reads one, and restores it: the page has its text again, as a new revision, in the activity log', async () => {
    const before = (await history()).find((r) => r.kind === 'BEFORE')!;
    const one = await t.call('GET', `/api/admin/about/revisions/${before.id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json<AboutRevision>().content).toBe('<p>మా గురించి: పాత పాఠం</p>');

    const restored = await t.call('POST', `/api/admin/about/revisions/${before.id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: ABOUT_MESSAGES.restored, content: '<p>మా గురించి: పాత పాఠం</p>' });
    expect((await t.call('GET', '/api/public/about')).json().content).toBe('<p>మా గురించి: పాత పాఠం</p>');
    const [latest] = await history();
    expect(latest).toMatchObject({ kind: 'RESTORE', restoredFromId: before.id });

    const activity = await t.call('GET', '/api/admin/audit?action=about.restore', admin);
    expect(activity.statusCode).toBe(200);
    expect(JSON.stringify(activity.json())).toContain('about.restore');
  });

  it('is the admin’s only: a reporter 403, signed out 401; an unknown revision 404', async () => {
    expect((await t.call('GET', '/api/admin/about/revisions', reporter)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/admin/about/revisions/1/restore', reporter)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/about/revisions')).statusCode).toBe(401);
    const missing = await t.call('POST', '/api/admin/about/revisions/999999/restore', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ABOUT_MESSAGES.unknownRevision);
  });
});
