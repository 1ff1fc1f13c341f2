// 'Changes since rejection' over HTTP: a picture the reporter removed before resubmitting is
// deleted with its files, and the rejected revision still counts it, so the review screen can list
// it as removed.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategories, multipart } from '../test/fixtures.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let owner: SignedIn, admin: SignedIn;
let category: number;

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 140 } } })
    .png()
    .toBuffer();

async function send(method: 'POST' | 'PUT', url: string, article: unknown, files: Buffer[] = []) {
  const body = multipart([
    { name: 'article', value: JSON.stringify(article) },
    ...files.map((data, i) => ({ name: 'images', filename: `p${i}.png`, data, type: 'image/png' })),
  ]);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
}

const story = (over: Record<string, unknown> = {}) => ({
  title: 'హైదరాబాద్ వార్త',
  author: 'రవి',
  content: '<p>నగరంలో వర్షం.</p>',
  region: 'హైదరాబాద్',
  youtubeVideoId: '',
  categoryIds: [category],
  ...over,
});

beforeAll(async () => {
  [owner, admin] = await t.signInAs('REPORTER', 'ADMIN');
  [category] = await addCategories(t.services.db, ['వాతావరణం']);
});

describe(`changes since rejection: pictures (${TEST_DB})`, () => {
  it('counts a picture removed since the rejection, whose files are gone', async () => {
    const created = await send('POST', '/api/articles', story(), [await png(10), await png(200)]);
    expect(created.statusCode).toBe(201);
    const { id, imageUrls } = created.json() as { id: number; imageUrls: string[] };
    expect(imageUrls).toHaveLength(2);
    const rejected = await t.api(API.review.reject, { params: { id }, cookie: admin.cookie, body: { reason: 'ఫోటో మార్చండి' } });
    expect(rejected.statusCode).toBe(200);
    const resubmitted = await send('PUT', `/api/articles/${id}`, story({ imageOrder: [imageUrls[0]] }));
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().imageUrls).toEqual([imageUrls[0]]);
    // The removed picture is no longer served.
    await t.services.images.settled();
    expect((await t.app.inject({ method: 'GET', url: imageUrls[1] })).statusCode).toBe(404);

    const res = await t.api(API.revisions.sinceRejection, { params: { id }, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const { before, after } = res.json().changes;
    expect(before).toMatchObject({ imageUrls: [imageUrls[0]], imagesNoLongerStored: 1 });
    expect(after).toMatchObject({ imageUrls: [imageUrls[0]], imagesNoLongerStored: 0 });
  });
});
