import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { ads, images } from '../db/schema.ts';
import { createChangeFeed, type ChangeNotice } from '../db/changes.ts';
import { CLOCK_SKEW_MS } from '../db/due-clock.ts';
import { createAdWindowClock } from './service.ts';
import { AD_MESSAGES } from '../../contract/ads.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: string, reporter: string, user: string;
beforeAll(async () => {
  [admin, reporter, user] = (await t.signInAs('ADMIN', 'REPORTER', 'USER')).map((u) => u.cookie);
});

let shade = 0;
/** A small real image; each call a different colour so each has its own content key. */
async function picture(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 640, height = 160) {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 80, b: 255 - shade } } })
    .toFormat(format)
    .toBuffer();
}

function form(files: { name: string; data: Buffer; type?: string }[], adDetails?: unknown) {
  const body = new FormData();
  for (const f of files) body.append('images', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
  if (adDetails !== undefined) body.append('adDetails', typeof adDetails === 'string' ? adDetails : JSON.stringify(adDetails));
  return body;
}
const upload = (body: FormData, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/ads', headers: cookie ? { cookie } : {}, payload: body });
const mediaFiles = async () =>
  (await readdir(path.join(t.dataDir, 'media')).catch(() => [] as string[])).filter((f) => !f.endsWith('.tmp'));
const counts = async () => ({
  ads: (await t.services.db.select().from(ads)).length,
  images: (await t.services.db.select().from(images)).length,
  files: (await mediaFiles()).length,
});

describe(`ads API (${TEST_DB})`, () => {
  it('admin routes: anonymous 401, USER and REPORTER 403', async () => {
    const png = await picture('png');
    for (const [cookie, status] of [
      [undefined, 401],
      [user, 403],
      [reporter, 403],
    ] as const) {
      expect((await upload(form([{ name: 'a.png', data: png }]), cookie)).statusCode).toBe(status);
      expect((await t.app.inject({ url: '/api/admin/ads', headers: cookie ? { cookie } : {} })).statusCode).toBe(status);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/admin/ads/1', headers: cookie ? { cookie } : {} })).statusCode,
      ).toBe(status);
    }
    expect((await counts()).ads).toBe(0);
  });

  it('ADMIN uploads jpeg, png, gif and webp with per-file details; defaults are 5 s and no link', async () => {
    const res = await upload(
      form([
        { name: 'one.jpg', data: await picture('jpeg'), type: 'image/jpeg' },
        { name: 'two.png', data: await picture('png') },
        { name: 'three.gif', data: await picture('gif'), type: 'image/gif' },
        { name: 'four.webp', data: await picture('webp'), type: 'image/webp' },
      ]),
      admin,
    );
    // Sent without adDetails for the last three: defaults.
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(AD_MESSAGES.uploaded);
    expect(body.dropped).toBe(0);
    expect(body.ads).toHaveLength(4);
    for (const ad of body.ads) {
      expect(ad).toEqual({
        id: expect.any(Number),
        imageUrl: expect.stringMatching(/^\/media\/.+\.webp$/),
        link: null,
        durationInSeconds: 5,
        startsAt: null,
        endsAt: null,
        width: 640,
        height: 160,
      });
    }
    const file = await t.app.inject({ url: body.ads[0].imageUrl });
    expect(file.statusCode).toBe(200);

    const detailed = await upload(
      form(
        [
          { name: 'a.png', data: await picture('png') },
          { name: 'b.png', data: await picture('png') },
        ],
        [
          { durationInSeconds: 12, link: 'https://example.com/offer' },
          { durationInSeconds: '3', link: '' },
        ],
      ),
      admin,
    );
    expect(detailed.statusCode).toBe(201);
    expect(
      detailed.json().ads.map((a: { durationInSeconds: number; link: string | null }) => [a.durationInSeconds, a.link]),
    ).toEqual([
      [12, 'https://example.com/offer'],
      [3, null],
    ]);

    const list = await t.api(API.ads.adminList, { cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(6);
    const pub = await t.api(API.ads.publicList);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual(list.json());
    expect(await t.services.ads.listPublic()).toEqual(list.json());
  });

  it('drops files beyond five and says so', async () => {
    const before = await counts();
    const files = [];
    for (let i = 0; i < 7; i++) files.push({ name: `ad${i}.png`, data: await picture('png') });
    const res = await upload(form(files), admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().ads).toHaveLength(5);
    expect(res.json().dropped).toBe(2);
    expect(res.json().notice).toBe(AD_MESSAGES.dropped(2));
    expect((await counts()).ads).toBe(before.ads + 5);
  });

  it.each([
    [{ durationInSeconds: 0 }, AD_MESSAGES.duration],
    [{ durationInSeconds: 2.5 }, AD_MESSAGES.duration],
    [{ durationInSeconds: 'abc' }, AD_MESSAGES.duration],
    [{ link: 'javascript:alert(1)' }, AD_MESSAGES.link],
    [{ link: 'not a url' }, AD_MESSAGES.link],
  ])('refuses details %j with "%s" and writes nothing', async (detail, message) => {
    const before = await counts();
    const res = await upload(form([{ name: 'x.png', data: await picture('png') }], [detail]), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses adDetails that is not a JSON array', async () => {
    for (const bad of ['{oops', '{"durationInSeconds":5}']) {
      const res = await upload(form([{ name: 'x.png', data: await picture('png') }], bad), admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AD_MESSAGES.badDetails);
    }
  });

  it('no image selected: the spec message', async () => {
    const none = await upload(form([]), admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(AD_MESSAGES.noneSelected);
    const json = await t.api(API.ads.upload, { cookie: admin, body: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(AD_MESSAGES.noneSelected);
  });

  it('all or nothing: a disguised or oversized file fails the upload with its message, leaving no row and no file', async () => {
    const before = await counts();
    const good = await picture('png');
    const disguised = await upload(
      form([
        { name: 'good.png', data: good },
        { name: 'notes.png', data: Buffer.from('just some text, not an image') },
      ]),
      admin,
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(AD_MESSAGES.notAllowed('notes.png'));
    // A real BMP is an image, but not one ads allow.
    const bmp = Buffer.alloc(58);
    bmp.write('BM', 0, 'latin1');
    const bmpRes = await upload(form([{ name: 'old.bmp', data: bmp, type: 'image/bmp' }]), admin);
    expect(bmpRes.json().message).toBe(AD_MESSAGES.notAllowed('old.bmp'));

    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await upload(
      form([
        { name: 'good2.png', data: await picture('png') },
        { name: 'huge.jpg', data: big, type: 'image/jpeg' },
      ]),
      admin,
    );
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json().message).toBe(AD_MESSAGES.tooLarge('huge.jpg'));
    await t.services.images.settled();
    expect(await counts()).toEqual(before);
  });

  it('delete: confirmation message, image released, unknown id 404; the public list changes at once', async () => {
    const list = (await t.api(API.ads.adminList, { cookie: admin })).json();
    const victim = list[0];
    const version = t.services.changes.version;
    const res = await t.api(API.ads.remove, { params: { id: victim.id }, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AD_MESSAGES.deleted);
    expect(t.services.changes.version).toBe(version + 1);
    expect((await t.api(API.ads.publicList)).json().map((a: { id: number }) => a.id)).not.toContain(victim.id);
    await t.services.images.settled();
    expect((await t.app.inject({ url: victim.imageUrl })).statusCode).toBe(404);
    expect((await t.api(API.ads.remove, { params: { id: victim.id }, cookie: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/ads/abc', headers: { cookie: admin } })).statusCode).toBe(
      404,
    );
  });

  it('edit: duration, link, start and end; clear errors for an end before the start and a bad link', async () => {
    const [ad] = (await t.api(API.ads.adminList, { cookie: admin })).json();
    const put = (body: unknown, cookie: string | null = admin, id: number | string = ad.id) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/ads/${id}`, headers: cookie ? { cookie } : {}, payload: body as object });
    const details = { durationInSeconds: 9, link: 'https://example.com/offer', startsAt: null, endsAt: null };
    expect((await put(details, null)).statusCode).toBe(401);
    expect((await put(details, reporter)).statusCode).toBe(403);

    const saved = await put({ ...details, startsAt: '2026-12-01T09:00:00+05:30', endsAt: '2026-12-02T21:30:00+05:30' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: ad.id,
      imageUrl: ad.imageUrl,
      durationInSeconds: 9,
      link: 'https://example.com/offer',
      startsAt: '2026-12-01T03:30:00.000Z',
      endsAt: '2026-12-02T16:00:00.000Z',
    });

    const backwards = await put({ ...details, startsAt: '2026-12-02T09:00:00+05:30', endsAt: '2026-12-01T09:00:00+05:30' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsAt).toBe(AD_MESSAGES.endBeforeStart);
    const badLink = await put({ ...details, link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().errors.link).toBe(AD_MESSAGES.link);
    const badStart = await put({ ...details, startsAt: 'tomorrow' });
    expect(badStart.json().errors.startsAt).toBe(AD_MESSAGES.startsAt);
    expect((await put(details, admin, 999_999)).statusCode).toBe(404);

    // Blank start and end: shown from now on, with no end.
    const cleared = await put({ ...details, startsAt: '', endsAt: '' });
    expect(cleared.json()).toMatchObject({ startsAt: null, endsAt: null });
  });

  it('readers see an ad only between its start and end; the window clock announces each on time', async () => {
    const list = (await t.api(API.ads.adminList, { cookie: admin })).json() as { id: number }[];
    const [later, over, always] = list;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    await t.services.ads.update(later.id, { durationInSeconds: 5, link: null, startsAt: at(10), endsAt: at(20) });
    await t.services.ads.update(over.id, { durationInSeconds: 5, link: null, startsAt: at(-20), endsAt: at(-10) });
    const publicIds = async () => ((await t.api(API.ads.publicList)).json() as { id: number }[]).map((a) => a.id);
    const shown = await publicIds();
    expect(shown).toContain(always.id);
    expect(shown).not.toContain(later.id);
    expect(shown).not.toContain(over.id);
    expect((await t.api(API.ads.adminList, { cookie: admin })).json()).toHaveLength(list.length);

    const clock = t.services.clock;
    const realNow = clock.now;
    try {
      const windowClock = t.services.ads.clock;
      expect((await windowClock.nextDueAt())?.toISOString()).toBe(at(10));
      await windowClock.tick();
      // Eleven minutes on: the start has passed, so the change is announced and the ad shows.
      clock.now = () => new Date(now + 11 * 60_000);
      const version = t.services.changes.version;
      expect(await windowClock.tick()).toBe(true);
      expect(t.services.changes.version).toBe(version + 1);
      expect(await publicIds()).toContain(later.id);
      expect(await windowClock.tick()).toBe(false);
      expect((await windowClock.nextDueAt())?.toISOString()).toBe(at(20));
      clock.now = () => new Date(now + 21 * 60_000);
      expect(await windowClock.tick()).toBe(true);
      expect(await publicIds()).not.toContain(later.id);
    } finally {
      clock.now = realNow;
    }
  });

  it('two instances on one database: each start and end is announced by one of them, once', async () => {
    const [ad] = (await t.api(API.ads.adminList, { cookie: admin })).json() as { id: number }[];
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    await t.services.ads.update(ad.id, { durationInSeconds: 5, link: null, startsAt: at(30).toISOString(), endsAt: null });
    // A second instance: its own change feed and window clock over the same database.
    const otherFeed = createChangeFeed(t.services.database);
    const instances = [t.services.ads.clock, createAdWindowClock({ ...t.services, changes: otherFeed })];
    let announced = 0;
    const count = (notices: readonly ChangeNotice[]) => {
      announced += notices.filter((n) => n.kind === 'ads').length;
    };
    const offs = [t.services.changes.onWrite(count), otherFeed.onWrite(count)];
    const clock = t.services.clock;
    const realNow = clock.now;
    const tickBoth = async (time: Date) => {
      clock.now = () => time;
      return (await Promise.all(instances.map((c) => c.tick()))).filter(Boolean).length;
    };
    try {
      await tickBoth(at(29));
      announced = 0;
      expect(await tickBoth(at(31))).toBe(1);
      expect(announced).toBe(1);
      // A clock a little behind the other's (less than the allowed skew) announces nothing again.
      expect(await tickBoth(new Date(at(31).getTime() - (CLOCK_SKEW_MS - 1000)))).toBe(0);
      expect(await tickBoth(at(32))).toBe(0);
      expect(announced).toBe(1);
      // A clock set back before the start: it is announced again when the time comes again, once.
      expect(await tickBoth(at(20))).toBe(0);
      expect(await tickBoth(at(31))).toBe(1);
      expect(announced).toBe(2);
    } finally {
      clock.now = realNow;
      for (const off of offs) off();
    }
  });
});
