// A renamed or merged tag's old address leads (301) to the tag that holds its stories now, through
// the real web app build with the page cache in front (the cached page of the old address is dropped).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { buildApp } from '../app.ts';
import type { AppServerBuild } from '../http/ssr.ts';
import { addArticles, addCategories, addReporter } from '../test/fixtures.ts';
import { writeArticleTags } from './service.ts';
import { tagPath } from '../../contract/tags.ts';

const t = useTestApp();
let admin: SignedIn;

/** An approved story with these tags; the tags' ids by name. */
async function taggedStory(names: string[]) {
  const [category] = await addCategories(t.services.db, [`వర్గం ${names.join(' ')}`]);
  const reporter = await addReporter(t.services.db, `r${names.join('').length}${Math.floor(Math.random() * 1e6)}`);
  const [id] = await addArticles(t.services.db, [
    { title: `వార్త ${names.join(' ')}`, reporterId: reporter.id, categoryIds: [category] },
  ]);
  await t.services.db.transaction((tx) => writeArticleTags(tx, id, names));
  const list = (await t.call('GET', '/api/admin/tags', admin.cookie)).json<{ id: number; name: string }[]>();
  return Object.fromEntries(list.map((tag) => [tag.name, tag.id]));
}

beforeAll(async () => {
  [admin] = await t.signInAs('ADMIN');
});

describe('old tag addresses', () => {
  it('a merged tag and a renamed tag keep their old slugs, leading to the tag now', async () => {
    const ids = await taggedStory(['oldtopic', 'newtopic']);
    expect((await t.call('POST', `/api/admin/tags/${ids.oldtopic}/merge`, admin.cookie, { into: ids.newtopic })).statusCode).toBe(
      200,
    );
    expect(await t.services.tags.movedTo('oldtopic')).toBe('newtopic');

    expect((await t.call('PUT', `/api/admin/tags/${ids.newtopic}`, admin.cookie, { name: 'Renamed Topic' })).statusCode).toBe(
      200,
    );
    // Both old addresses follow the tag to its new name.
    expect(await t.services.tags.movedTo('newtopic')).toBe('renamed-topic');
    expect(await t.services.tags.movedTo('oldtopic')).toBe('renamed-topic');
    expect(await t.services.tags.movedTo('renamed-topic')).toBeNull();
    expect(await t.services.tags.movedTo('never-a-tag')).toBeNull();

    // Renamed back: its slug is a live address again, not an old one.
    expect((await t.call('PUT', `/api/admin/tags/${ids.newtopic}`, admin.cookie, { name: 'newtopic' })).statusCode).toBe(200);
    expect(await t.services.tags.movedTo('newtopic')).toBeNull();
    expect(await t.services.tags.movedTo('renamed-topic')).toBe('newtopic');
  });
});

const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');
describe.runIf(existsSync(buildFile))(`old tag addresses, real build (${TEST_DB})`, () => {
  let site: FastifyInstance;
  beforeAll(async () => {
    site = await buildApp({ services: t.services, build: (await import(buildFile)) as AppServerBuild });
    await site.ready();
  });
  afterAll(() => site.close());

  it('the merged tag page, cached before, answers 301 to the tag it went into', async () => {
    const ids = await taggedStory(['వరదలు', 'వర్షాలు']);
    const old = tagPath('వరదలు');
    expect((await site.inject({ url: old })).statusCode).toBe(200);
    expect((await site.inject({ url: old })).headers['x-render-cache']).toBe('hit');

    expect((await t.call('POST', `/api/admin/tags/${ids['వరదలు']}/merge`, admin.cookie, { into: ids['వర్షాలు'] })).statusCode).toBe(
      200,
    );
    const moved = await site.inject({ url: `${old}?page=2` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${tagPath('వర్షాలు')}?page=2`);
    expect((await site.inject({ url: tagPath('వర్షాలు') })).statusCode).toBe(200);
    expect((await site.inject({ url: '/tag/no-such-topic' })).statusCode).toBe(404);
  });
});
