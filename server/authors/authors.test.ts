// Author pages: the reporter's profile on the account page (name, bio, photo through the image
// pipeline), the public author API and feed; unknown or non-reporter accounts are 404.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategories, multipart } from '../test/fixtures.ts';
import type { Author, Profile } from '../../contract/authors.ts';
import type { AuditPage } from '../../contract/audit.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reporter: SignedIn;
let reader: SignedIn;
let admin: SignedIn;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 6));

beforeAll(async () => {
  [reporter, reader, admin] = await t.signInAs('REPORTER', 'USER', 'ADMIN');
  const [politics] = await addCategories(t.services.db, ['రాజకీయాలు']);
  await addArticles(t.services.db, [
    ...Array.from({ length: 7 }, (_, i) => ({
      title: `రవి వార్త ${i + 1}`,
      reporterId: reporter.id,
      categoryIds: [politics],
      publicationDate: day(i),
    })),
    { title: 'పెండింగ్', reporterId: reporter.id, categoryIds: [politics], status: 'PENDING' as const, publicationDate: day(20) },
  ]);
});

async function putProfile(cookie: string, fields: Record<string, string>, photo?: Buffer) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(photo ? [{ name: 'photo', filename: 'me.jpg', data: photo, type: 'image/jpeg' }] : []),
  ]);
  return t.api(API.profile.update, { cookie, form: body });
}

describe(`author pages (${TEST_DB})`, () => {
  it('shows a reporter without a profile by username, approved stories only, 5 a page', async () => {
    const res = await t.api(API.authors.page, { params: { username: reporter.username } });
    expect(res.statusCode).toBe(200);
    const author = res.json<Author>();
    expect(author).toMatchObject({
      username: reporter.username,
      displayName: reporter.username,
      bio: null,
      photo: null,
      total: 7,
    });
    expect(author.url).toBe(`/author/${reporter.username}`);
    expect(author.feedUrl).toBe(`/rss/author/${reporter.username}.xml`);
    expect(author.articles.map((a) => a.title)).toEqual(['రవి వార్త 7', 'రవి వార్త 6', 'రవి వార్త 5', 'రవి వార్త 4', 'రవి వార్త 3']);
    expect(res.headers['x-total-count']).toBe('7');
    const second = (
      await t.api(API.authors.page, { params: { username: reporter.username }, query: { page: 1 } })
    ).json<Author>();
    expect(second.articles.map((a) => a.title)).toEqual(['రవి వార్త 2', 'రవి వార్త 1']);
  });

  it('answers 404 for an unknown account and for one that is not a reporter', async () => {
    expect((await t.api(API.authors.page, { params: { username: 'nobody-here' } })).statusCode).toBe(404);
    expect((await t.api(API.authors.page, { params: { username: reader.username } })).statusCode).toBe(404);
    expect((await t.api(API.authors.page, { params: { username: admin.username } })).statusCode).toBe(404);
    expect((await t.call('GET', `/rss/author/${reader.username}.xml`)).statusCode).toBe(404);
  });

  it('lets the reporter set a Telugu name, a bio and a photo, and remove the photo', async () => {
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer();
    const saved = await putProfile(reporter.cookie, { displayName: '  రవి కుమార్ ', bio: 'రాజకీయ విలేకరి, హైదరాబాద్.' }, photo);
    expect(saved.statusCode).toBe(200);
    const profile = saved.json<Profile>();
    expect(profile).toMatchObject({ displayName: 'రవి కుమార్', bio: 'రాజకీయ విలేకరి, హైదరాబాద్.' });
    expect(profile.photo?.url).toMatch(/^\/media\/.+\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: profile.photo!.url })).statusCode).toBe(200);

    const author = (await t.api(API.authors.page, { params: { username: reporter.username.toUpperCase() } })).json<Author>();
    expect(author).toMatchObject({ displayName: 'రవి కుమార్', bio: 'రాజకీయ విలేకరి, హైదరాబాద్.' });
    expect(author.photo?.url).toBe(profile.photo!.url);

    // JSON without a photo keeps the photo; removePhoto removes it and its files.
    const kept = await t.api(API.profile.update, { cookie: reporter.cookie, body: { displayName: 'రవి', bio: '' } });
    expect(kept.json<Profile>()).toMatchObject({ displayName: 'రవి', bio: null });
    expect(kept.json<Profile>().photo?.url).toBe(profile.photo!.url);
    const removed = await t.api(API.profile.update, { cookie: reporter.cookie, body: { displayName: 'రవి', removePhoto: true } });
    expect(removed.json<Profile>().photo).toBeNull();
    await t.services.images.settled();
    expect((await t.app.inject({ method: 'GET', url: profile.photo!.url })).statusCode).toBe(404);
  });

  it('refuses a name or bio too long and a file that is not a picture, naming the field, changing nothing', async () => {
    const long = await t.api(API.profile.update, { cookie: reporter.cookie, body: { displayName: 'అ'.repeat(81) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.displayName).toMatch(/displayName/);
    const bio = await t.api(API.profile.update, { cookie: reporter.cookie, body: { bio: 'x'.repeat(301) } });
    expect(bio.json().errors.bio).toMatch(/bio/);
    const notPicture = await putProfile(reporter.cookie, { displayName: 'మార్పు' }, Buffer.from('not a picture'));
    expect(notPicture.statusCode).toBe(400);
    expect((await t.api(API.profile.get, { cookie: reporter.cookie })).json<Profile>().displayName).toBe('రవి');
  });

  // Review finding: a byline's name, bio and photo changed without a trace in the audit trail.
  it('puts each profile change in the audit trail (what changed, by whom, from where); a save changing nothing or refused: none', async () => {
    const author = await t.signIn('REPORTER');
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer();
    const trail = async () => {
      const res = await t.api(API.audit.list, {
        query: { action: 'user.profile_update', actor: author.username },
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBe(200);
      return res.json<AuditPage>().content;
    };
    expect(await trail()).toEqual([]);

    expect((await putProfile(author.cookie, { displayName: 'సీత', bio: 'క్రీడల విలేకరి.' }, photo)).statusCode).toBe(200);
    const [first] = await trail();
    expect(first).toMatchObject({
      actorId: author.id,
      actorName: author.username,
      action: 'user.profile_update',
      objectType: 'user',
      objectId: String(author.id),
      summary: 'display name → సీత, bio, photo added',
      details: { displayName: { from: null, to: 'సీత' }, bio: { from: null, to: 'క్రీడల విలేకరి.' }, photo: 'added' },
    });
    expect(first.ip).toBeTruthy();

    // The same again, and a refused one: no entry.
    expect(
      (await t.api(API.profile.update, { cookie: author.cookie, body: { displayName: 'సీత', bio: 'క్రీడల విలేకరి.' } })).statusCode,
    ).toBe(200);
    expect((await t.api(API.profile.update, { cookie: author.cookie, body: { displayName: 'అ'.repeat(81) } })).statusCode).toBe(
      400,
    );
    expect(await trail()).toHaveLength(1);

    const renamed = await t.api(API.profile.update, {
      cookie: author.cookie,
      body: { displayName: 'సీతా దేవి', bio: '', removePhoto: true },
    });
    expect(renamed.statusCode).toBe(200);
    const [latest] = await trail();
    expect(latest).toMatchObject({
      summary: 'display name → సీతా దేవి, bio, photo removed',
      details: { displayName: { from: 'సీత', to: 'సీతా దేవి' }, bio: { from: 'క్రీడల విలేకరి.', to: null }, photo: 'removed' },
    });
    expect(await trail()).toHaveLength(2);
  });

  it('keeps the profile to staff: a reader gets 403, signed out 401', async () => {
    expect((await t.api(API.profile.get, { cookie: reader.cookie })).statusCode).toBe(403);
    expect((await t.api(API.profile.update)).statusCode).toBe(401);
  });

  it('has a feed per author: RSS 2.0 with their approved stories', async () => {
    const res = await t.call('GET', `/rss/author/${reporter.username}.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.body).toContain('<title>రవి – ');
    expect(res.body.match(/<item>/g)).toHaveLength(7);
    expect(res.body).not.toContain('పెండింగ్');
    expect(res.body).toContain(`/author/${reporter.username}</link>`);
  });
});
