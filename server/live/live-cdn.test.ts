// The live list behind a CDN (issue 35): with a purger configured, public answers get a long
// `s-maxage` (server/cdn/http.ts); the polled list keeps its own 4 s, so a new update still reaches
// a reader within 10 s.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, TEST_DB } from '../test/app.ts';
import { addArticles } from '../test/fixtures.ts';
import { API } from '../../contract/api.ts';

// Nothing listens on the discard port: every purge fails, which costs the test nothing.
const t = useTestApp({ env: { PURGE_VARNISH_URLS: 'http://127.0.0.1:9/' } });

describe(`the live list with a CDN configured (${TEST_DB})`, () => {
  let story: number;
  beforeAll(async () => {
    const [reporter, admin] = await t.signInAs('REPORTER', 'ADMIN');
    [story] = await addArticles(t.services.db, [{ title: 'సీడీఎన్ వెనుక లైవ్', reporterId: reporter.id }]);
    expect((await t.api(API.live.start, { params: { id: story }, cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('is kept by shared caches 4 s, as by browsers, not the day other public answers get', async () => {
    const list = await t.api(API.live.list, { params: { id: story } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=4, s-maxage=4');
    const older = await t.api(API.live.list, { params: { id: story }, query: { before: 1000 } });
    expect(older.headers['cache-control']).toBe('public, max-age=4, s-maxage=4');
    // Other public answers do get the long one: the purger is on.
    expect((await t.api(API.categories.list)).headers['cache-control']).toMatch(/s-maxage=86400/);
  });
});
