import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { aboutUs, aboutUsImages, images } from '../db/schema.ts';
import { ABOUT_MESSAGES } from '../../contract/about.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: string, reporter: string, user: string;
beforeAll(async () => {
  [admin, reporter, user] = (await t.signInAs('ADMIN', 'REPORTER', 'USER')).map((u) => u.cookie);
});

let shade = 0;
async function picture(format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') {
  shade = (shade + 41) % 256;
  return sharp({ create: { width: 640, height: 360, channels: 3, background: { r: shade, g: 200 - (shade % 200), b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

function form(fields: Record<string, string>, files: { name: string; data: Buffer }[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append('images', new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name);
  return body;
}
const send = (method: 'POST' | 'PUT', payload: FormData | object, cookie?: string) =>
  t.app.inject({ method, url: '/api/admin/about', headers: cookie ? { cookie } : {}, payload: payload as object });
const counts = async () => ({
  about: (await t.services.db.select().from(aboutUs)).length,
  links: (await t.services.db.select().from(aboutUsImages)).length,
  images: (await t.services.db.select().from(images)).length,
});

describe(`About Us API (${TEST_DB})`, () => {
  it('public read answers 204 while none exists', async () => {
    const res = await t.api(API.about.publicRead);
    expect(res.statusCode).toBe(204);
    expect(await t.services.about.get()).toBeNull();
  });

  it('POST and PUT: anonymous 401, USER and REPORTER 403', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      expect((await send(method, form({ content: '<p>x</p>' }))).statusCode).toBe(401);
      expect((await send(method, form({ content: '<p>x</p>' }), user)).statusCode).toBe(403);
      expect((await send(method, form({ content: '<p>x</p>' }), reporter)).statusCode).toBe(403);
    }
    expect((await counts()).about).toBe(0);
  });

  it('PUT before any entry exists is 404 with a message', async () => {
    const res = await send('PUT', form({ content: '<p>x</p>' }), admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ABOUT_MESSAGES.notFound);
  });

  it('refuses more than 4 images, disguised and oversized files with the spec messages, writing nothing', async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: `p${i}.png`, data: await picture() })));
    const tooMany = await send('POST', form({ content: '<p>x</p>' }, five), admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(ABOUT_MESSAGES.tooManyImages);

    const gif = await send('POST', form({ content: '<p>x</p>' }, [{ name: 'anim.gif', data: await picture('gif') }]), admin);
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('Unsupported file type: anim.gif. Only JPG, PNG, WEBP allowed.');

    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const tooBig = await send(
      'POST',
      form({ content: '<p>x</p>' }, [
        { name: 'ok.png', data: await picture() },
        { name: 'big.jpg', data: big },
      ]),
      admin,
    );
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json().message).toBe('File too large: big.jpg. Max 2MB.');
    await t.services.images.settled();
    expect(await counts()).toEqual({ about: 0, links: 0, images: 0 });
  });

  it('POST creates it with sanitised content and images; the public read shows it', async () => {
    const res = await send(
      'POST',
      form({ content: '<h2 style="text-align:center">మా గురించి</h2><p onclick="x()">తెలుగు వార్తలు<script>alert(1)</script></p>' }, [
        { name: 'team.png', data: await picture() },
        { name: 'office.jpg', data: await picture('jpeg') },
      ]),
      admin,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(ABOUT_MESSAGES.saved);
    expect(body.content).toBe('<h2 style="text-align:center">మా గురించి</h2><p>తెలుగు వార్తలు</p>');
    expect(body.imageUrls).toHaveLength(2);
    expect(body.images[0]).toMatchObject({
      url: body.imageUrls[0],
      width: 640,
      height: 360,
      srcset: expect.stringContaining('640w'),
    });

    const pub = await t.api(API.about.publicRead);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ content: body.content, imageUrls: body.imageUrls, images: body.images });
    expect(await t.services.about.get()).toEqual(pub.json());
  });

  it('a second POST is 400 with the spec message', async () => {
    const res = await send('POST', form({ content: '<p>again</p>' }), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ABOUT_MESSAGES.alreadyExists);
  });

  it('PUT without keepImageUrls changes the text and keeps every image', async () => {
    const before = (await t.services.about.get())!;
    const res = await send('PUT', form({ content: '<p>కొత్త పాఠం</p>' }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ABOUT_MESSAGES.saved);
    expect(res.json().content).toBe('<p>కొత్త పాఠం</p>');
    expect(res.json().imageUrls).toEqual(before.imageUrls);
  });

  it('PUT keeps the listed images in the given order, adds uploads after them and releases the rest', async () => {
    const before = (await t.services.about.get())!;
    const version = t.services.changes.version;
    const res = await send(
      'PUT',
      form({ content: '<p>ఇంకోసారి</p>', keepImageUrls: JSON.stringify([before.imageUrls[1]]) }, [
        { name: 'new.webp', data: await picture('webp') },
      ]),
      admin,
    );
    expect(res.statusCode).toBe(200);
    const after = res.json().imageUrls;
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(before.imageUrls[1]);
    expect(after).not.toContain(before.imageUrls[0]);
    expect(t.services.changes.version).toBe(version + 1);
    await t.services.images.settled();
    expect((await t.app.inject({ url: before.imageUrls[0] })).statusCode).toBe(404);
    expect((await t.app.inject({ url: after[0] })).statusCode).toBe(200);
    expect((await counts()).images).toBe(2);
  });

  it('PUT counts kept plus new images against the limit of 4, and refuses a malformed keep list', async () => {
    const before = (await t.services.about.get())!;
    const three = await Promise.all([1, 2, 3].map(async (i) => ({ name: `n${i}.png`, data: await picture() })));
    const res = await send('PUT', form({ content: '<p>x</p>' }, three), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ABOUT_MESSAGES.tooManyImages);
    const bad = await send('PUT', form({ content: '<p>x</p>', keepImageUrls: 'not json' }), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ABOUT_MESSAGES.badKeepList);
    expect(await t.services.about.get()).toEqual(before);
  });

  it('PUT with an empty keep list removes every image; JSON bodies work for text-only edits', async () => {
    const res = await send('PUT', { content: '<p>చిత్రాలు లేవు</p>', keepImageUrls: [] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrls).toEqual([]);
    expect((await t.api(API.about.publicRead)).json().content).toBe('<p>చిత్రాలు లేవు</p>');
    await t.services.images.settled();
    expect(await counts()).toEqual({ about: 1, links: 0, images: 0 });
  });

  it("the admin's read: the page as stored, never cached; ADMIN only", async () => {
    const res = await t.api(API.about.adminRead, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().content).toBe('<p>చిత్రాలు లేవు</p>');
    expect((await t.api(API.about.adminRead)).statusCode).toBe(401);
    expect((await t.api(API.about.adminRead, { cookie: reporter })).statusCode).toBe(403);
  });
});
