// District editions from outside: the list, a story's district on create and edit (an unknown slug
// is a 400 naming the field and changes nothing), the district's stories and feed.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategory, multipart } from '../test/fixtures.ts';
import { articles } from '../db/schema.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reporter: SignedIn, admin: SignedIn;
let category: number;
const ids: number[] = [];

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

async function send(method: 'POST' | 'PUT', url: string, cookie: string, article: unknown, withImage = true) {
  const body = multipart([
    { name: 'article', value: JSON.stringify(article) },
    ...(withImage ? [{ name: 'images', filename: 'a.png', data: await png(), type: 'image/png' }] : []),
  ]);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
}

const story = (over: Record<string, unknown> = {}) => ({
  title: 'చార్మినార్ వద్ద ఉత్సవం',
  author: 'రవి',
  content: '<p>వివరాలు</p>',
  youtubeVideoId: '',
  categoryIds: [category],
  region: 'పాతబస్తీ',
  ...over,
});

beforeAll(async () => {
  [reporter, admin] = await t.signInAs('REPORTER', 'ADMIN');
  category = (await addCategory(t.services.db, 'జిల్లాలు')).id;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 6));
  ids.push(
    ...(await addArticles(
      t.services.db,
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        title: `హైదరాబాద్ వార్త ${n}`,
        reporterId: reporter.id,
        categoryIds: [category],
        publicationDate: day(n),
      })),
    )),
  );
  // Six in Hyderabad, one in Warangal; a pending one in Hyderabad stays out.
  await t.services.db.update(articles).set({ district: 'hyderabad' });
  await t.services.db.update(articles).set({ district: 'warangal' }).where(eq(articles.id, ids[6]));
  const [pending] = await addArticles(t.services.db, [
    { title: 'పెండింగ్', reporterId: reporter.id, categoryIds: [category], status: 'PENDING' },
  ]);
  await t.services.db.update(articles).set({ district: 'hyderabad' }).where(eq(articles.id, pending));
});

describe('GET /api/public/districts', () => {
  it('lists the 26 districts of Andhra Pradesh and the 33 of Telangana, cacheable', async () => {
    const res = await t.api(API.districts.list);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const list = res.json() as { slug: string; te: string; en: string; state: string; url: string; feedUrl: string }[];
    expect(list.filter((d) => d.state === 'AP')).toHaveLength(26);
    expect(list.filter((d) => d.state === 'TG')).toHaveLength(33);
    expect(list.find((d) => d.slug === 'hyderabad')).toEqual({
      slug: 'hyderabad',
      te: 'హైదరాబాద్',
      en: 'Hyderabad',
      state: 'TG',
      url: '/district/hyderabad',
      feedUrl: '/rss/district/hyderabad.xml',
    });
  });
});

describe('GET /api/public/districts/{slug}/articles', () => {
  it("pages a district's approved stories newest first with the total", async () => {
    const res = await t.api(API.districts.articles, { params: { slug: 'hyderabad' }, query: { page: 1, size: 4 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    const list = res.json() as { id: number; district: string; content: string }[];
    expect(list.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect(list.every((a) => a.district === 'hyderabad' && a.content === '')).toBe(true);
  });

  it('answers 404 for an unknown district and 400 for a bad page size', async () => {
    expect((await t.api(API.districts.articles, { params: { slug: 'gotham' } })).statusCode).toBe(404);
    const bad = await t.api(API.districts.articles, { params: { slug: 'hyderabad' }, query: { size: 500 } });
    expect(bad.statusCode).toBe(400);
  });

  it("has a feed per district, and an unknown one's is 404", async () => {
    const res = await t.call('GET', '/rss/district/warangal.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/rss\+xml/);
    expect(res.body).toContain('వరంగల్');
    expect(res.body).toContain(`/article/${ids[6]}`);
    expect(res.body).not.toContain(`/article/${ids[0]}<`);
    expect((await t.call('GET', '/rss/district/gotham.xml')).statusCode).toBe(404);
  });
});

describe("a story's district", () => {
  it('is set on create, changed by an admin edit and cleared when blank', async () => {
    const created = await send('POST', '/api/articles', reporter.cookie, story({ district: 'hyderabad' }));
    expect(created.statusCode).toBe(201);
    const { id, district } = created.json() as { id: number; district: string };
    expect(district).toBe('hyderabad');
    const edited = await send('PUT', `/api/articles/${id}`, admin.cookie, story({ district: 'medchal-malkajgiri' }), false);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ district: 'medchal-malkajgiri', region: 'పాతబస్తీ' });
    const cleared = await send('PUT', `/api/articles/${id}`, admin.cookie, story({ district: '' }), false);
    expect(cleared.json()).toMatchObject({ district: null });
  });

  it('refuses an unknown slug with a message naming the field, and writes nothing', async () => {
    const before = (await t.services.db.select({ id: articles.id }).from(articles)).length;
    const res = await send('POST', '/api/articles', reporter.cookie, story({ district: 'gotham' }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors.district).toMatch(/District "gotham"/);
    expect((await t.services.db.select({ id: articles.id }).from(articles)).length).toBe(before);

    const edit = await send('PUT', `/api/articles/${ids[0]}`, admin.cookie, story({ district: 'nowhere' }), false);
    expect(edit.statusCode).toBe(400);
    expect((edit.json() as { errors: Record<string, string> }).errors.district).toBeDefined();
    const [row] = await t.services.db.select({ district: articles.district }).from(articles).where(eq(articles.id, ids[0]));
    expect(row.district).toBe('hyderabad');
  });

  it('is kept by a draft and goes with it to the review', async () => {
    const body = multipart([{ name: 'article', value: JSON.stringify({ ...story({ district: 'khammam' }) }) }]);
    const draft = await t.api(API.drafts.create, { cookie: reporter.cookie, form: body });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ district: 'khammam' });
    const bad = multipart([{ name: 'article', value: JSON.stringify({ title: 'x', district: 'atlantis' }) }]);
    const refused = await t.api(API.drafts.create, { cookie: reporter.cookie, form: bad });
    expect(refused.statusCode).toBe(400);
  });
});
