// Search quality: recall and precision of queries typed in English letters over a realistic
// newsroom (the demo newsroom plus bench/search-quality-data.ts). What a query must find is what
// its Telugu meaning finds with the Telugu search, on the same database: no list of answers.
import type { Services } from '../server/services.ts';
import { seedDemoContent } from '../server/demo/seed.ts';
import { addArticles, addReporter } from '../server/test/fixtures.ts';
import { QUALITY_QUERIES, QUALITY_STORIES, type QueryKind } from './search-quality-data.ts';

/** The demo newsroom and the quality stories (published an hour apart, before the demo's newest). */
export async function loadQualityCorpus(services: Services, now = new Date()) {
  await seedDemoContent(services, { log: () => {}, now });
  const reporter = (await addReporter(services.db, 'quality-desk')).id;
  await addArticles(
    services.db,
    QUALITY_STORIES.map(([title, lead], i) => ({
      title,
      content: `<p>${lead}</p>`,
      reporterId: reporter,
      publicationDate: new Date(now.getTime() - (i + 1) * 3_600_000),
    })),
  );
}

export type QueryOutcome = {
  query: string;
  kind: QueryKind;
  wanted: number;
  returned: number;
  relevant: number;
  /** Whether the first result is the Telugu meaning's own first result (none wanted: true). */
  firstAgrees: boolean;
};

export type QualityReport = {
  queries: number;
  /** Wanted stories found, over all wanted stories (every query's). */
  recall: number;
  /** Stories returned that were wanted, over all stories returned. */
  precision: number;
  /** Share of queries whose first result is their Telugu meaning's first result. */
  firstAgreement: number;
  outcomes: QueryOutcome[];
};

const PAGE = 50;

export async function measureSearchQuality(services: Services): Promise<QualityReport> {
  const find = async (query: string) => (await services.search.search(query, 0, PAGE)).content.map((a) => a.id);
  const outcomes: QueryOutcome[] = [];
  for (const [query, meaning, kind] of QUALITY_QUERIES) {
    const firstOfMeaning: number[] = [];
    const wanted = new Set<number>();
    for (const telugu of meaning) {
      const ids = await find(telugu);
      if (ids[0] !== undefined) firstOfMeaning.push(ids[0]);
      ids.forEach((id) => wanted.add(id));
    }
    const got = await find(query);
    outcomes.push({
      query,
      kind,
      wanted: wanted.size,
      returned: got.length,
      relevant: got.filter((id) => wanted.has(id)).length,
      firstAgrees: got.length === 0 ? wanted.size === 0 : firstOfMeaning.includes(got[0]),
    });
  }
  const sum = (f: (o: QueryOutcome) => number) => outcomes.reduce((s, o) => s + f(o), 0);
  const returned = sum((o) => o.returned);
  const withMeaning = outcomes.filter((o) => o.wanted > 0);
  return {
    queries: outcomes.length,
    recall: sum((o) => o.relevant) / sum((o) => o.wanted),
    precision: returned ? sum((o) => o.relevant) / returned : 1,
    firstAgreement: withMeaning.filter((o) => o.firstAgrees).length / withMeaning.length,
    outcomes,
  };
}

/** The report as lines: the figures, then the queries that missed a story or found a stray one. */
export function describeQuality(report: QualityReport): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const lines = [
    `search quality: ${report.queries} queries in English letters: recall ${pct(report.recall)}, precision ${pct(report.precision)}, first result as the Telugu query's ${pct(report.firstAgreement)}`,
  ];
  for (const o of report.outcomes)
    if (o.relevant < o.wanted || o.relevant < o.returned || !o.firstAgrees)
      lines.push(
        `  ${o.query} (${o.kind}): found ${o.relevant} of ${o.wanted}, ${o.returned - o.relevant} stray${o.firstAgrees ? '' : ', first result differs'}`,
      );
  return lines;
}
