// Search in English letters over a realistic newsroom: recall and precision of the quality
// queries (bench/search-quality-data.ts), and every short name finding its stories, over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../server/test/app.ts';
import { SHORT_NAMES } from '../contract/short-names.ts';
import { describeQuality, loadQualityCorpus, measureSearchQuality } from './search-quality-measure.ts';
import { QUALITY_QUERIES } from './search-quality-data.ts';
import { API } from '../contract/api.ts';

const t = useTestApp();

beforeAll(async () => {
  await loadQualityCorpus(t.services);
}, 120_000);

const idsOf = async (query: string) => {
  const res = await t.api(API.search.search, { query: { query, size: 50 } });
  expect(res.statusCode, query).toBe(200);
  return (res.json() as { content: { id: number }[] }).content.map((a) => a.id);
};

describe(`search quality in English letters (${TEST_DB})`, () => {
  it(`${QUALITY_QUERIES.length} queries: places, loanwords, people, institutions, parties, sports, and words with no Telugu counterpart`, async () => {
    expect(QUALITY_QUERIES.length).toBeGreaterThanOrEqual(200);
    const report = await measureSearchQuality(t.services);
    console.log(describeQuality(report).join('\n'));
    expect(report.recall).toBeGreaterThanOrEqual(0.95);
    expect(report.precision).toBeGreaterThanOrEqual(0.8);
    expect(report.firstAgreement).toBeGreaterThanOrEqual(0.9);
    // English words with no counterpart here find next to nothing.
    const none = report.outcomes.filter((o) => o.kind === 'none');
    expect(none.reduce((sum, o) => sum + o.returned, 0)).toBeLessThanOrEqual(none.length / 4);
  }, 300_000);

  it.each(Object.entries(SHORT_NAMES))('%s finds the stories of %j', async (name, telugu) => {
    const wanted = new Set((await Promise.all(telugu.map(idsOf))).flat());
    expect(wanted.size, `the corpus has a story for ${name}`).toBeGreaterThan(0);
    const found = new Set(await idsOf(name));
    for (const id of wanted) expect(found.has(id), `${name} finds article ${id}`).toBe(true);
  });
});
