// Tenglish search over HTTP: Latin spellings find the Telugu stories, ranked as the Telugu query.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_DB, useTestApp } from '../test/app.ts';
import { addArticle, addArticles, addReporter } from '../test/fixtures.ts';
import { TENGLISH_CASES, TENGLISH_WORDS } from '../../contract/tenglish-words.ts';
import { backfillTenglish } from './backfill.ts';
import { articles } from '../db/schema.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reporter: number;
const day = (n: number) => new Date(Date.UTC(2026, 4, 1 + n, 6));

const a = (title: string, content: string, n: number) =>
  addArticle(t.services.db, { title, content: `<p>${content}</p>`, reporterId: reporter, publicationDate: day(n) });

beforeAll(async () => {
  reporter = (await addReporter(t.services.db, 'ravi')).id;
  // Title hits, body hits, agglutinated forms (with ZWNJ), several dates: the ranking has work to do.
  await a('హైదరాబాద్‌లో భారీ వర్షం', 'నగరంలో రోడ్లు జలమయం.', 1);
  await a('రోడ్లు జలమయం', 'హైదరాబాద్‌కు వెళ్లే రహదారులు మూసివేశారు. వర్షం కొనసాగుతోంది.', 5);
  await a('విజయవాడలో ఎన్నికలు', 'ఓటర్లు బారులు తీరారు.', 3);
  await a('హైదరాబాద్ విజయవాడ రైలు', 'కొత్త రైలు ప్రారంభం.', 2);
  await a('క్రికెట్ జట్టు ఎంపిక', 'హైదరాబాద్ ఆటగాడికి చోటు.', 4);
  await a('చిరంజీవి కొత్త సినిమా', 'విజయవాడలో విడుదల వేడుక.', 6);
  await a('సినిమా సమీక్ష', 'చిరంజీవి నటన, క్రికెట్ నేపథ్యం.', 7);
  await a('వర్షాలకు పంట నష్టం', 'రైతులు ఆందోళన.', 8);
});

const search = (query: string, size = 50) => t.api(API.search.search, { query: { query, size } });
const titlesOf = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return (res.json() as { content: { title: string }[] }).content.map((a) => a.title);
};

describe(`Tenglish search (${TEST_DB})`, () => {
  it.each([...TENGLISH_CASES, ['hyderabad వర్షం', 'హైదరాబాద్ వర్షం'], ['HYDERABAD Vijayawada', 'హైదరాబాద్ విజయవాడ']])(
    '%s finds what %s finds, in the same order',
    async (latin, telugu) => {
      const expected = await titlesOf(telugu);
      expect(expected.length).toBeGreaterThan(0);
      expect(await titlesOf(latin)).toEqual(expected);
    },
  );

  it('a mixed query needs every word, in either script', async () => {
    expect(await titlesOf('hyderabad వర్షం')).toEqual(['హైదరాబాద్‌లో భారీ వర్షం', 'రోడ్లు జలమయం']);
    expect(await titlesOf('cricket చిరంజీవి')).toEqual(['సినిమా సమీక్ష']);
    expect(await titlesOf('hyderabad guntur')).toEqual([]);
  });

  it('a Latin word that is no Telugu word here finds nothing', async () => {
    expect(await titlesOf('football')).toEqual([]);
    expect(await titlesOf('xyzzy')).toEqual([]);
  });

  it('a Latin word of one or two letters is read as initials, as Telugu spells the letters', async () => {
    await a('ఏపీలో ఐటీ ఉద్యోగాలు', 'కొత్త కంపెనీలు.', 0);
    expect(await titlesOf('AP')).toEqual(['ఏపీలో ఐటీ ఉద్యోగాలు']);
    expect(await titlesOf('it')).toEqual(['ఏపీలో ఐటీ ఉద్యోగాలు']);
    // Not the words that start with the letters: భారీ (bari), బారులు (barulu).
    expect(await titlesOf('ba')).toEqual([]);
  });

  it('English spellings of loanwords meet the Telugu word: cinema, sinima and సినిమా', async () => {
    const telugu = new Set(await titlesOf('సినిమా'));
    expect(telugu.size).toBe(2);
    expect(new Set(await titlesOf('cinema'))).toEqual(telugu);
    expect(new Set(await titlesOf('sinima'))).toEqual(telugu);
    expect(new Set(await titlesOf('Cinemas'))).toEqual(telugu);
  });

  it('letters and digits mixed, and places by their short names', async () => {
    await a('ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్', 'అభిమానుల సందడి.', 9);
    await a('విశాఖ తీరంలో తుపాను హెచ్చరిక', 'మత్స్యకారులు వేటకు వెళ్లొద్దు.', 10);
    expect(await titlesOf('t20')).toEqual(['ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్']);
    expect(await titlesOf('T20 match')).toEqual(['ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్']);
    expect(await titlesOf('uppal stadium')).toEqual(['ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్']);
    expect(await titlesOf('stadium')).toEqual(['ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్']);
    expect(await titlesOf('vizag')).toEqual(['విశాఖ తీరంలో తుపాను హెచ్చరిక']);
    // A code typed as it is written, consonants and digits.
    await a('ఆర్డర్ నంబర్ x7kq2m', 'వివరాలు.', 12);
    expect(await titlesOf('X7KQ2M')).toEqual(['ఆర్డర్ నంబర్ x7kq2m']);
  });

  it('an exact match of the folded word ranks above an approximate one, however new', async () => {
    // ఎంపికలు (selections, empikalu) is one edit from ఎన్నికలు (elections, ennikalu), and newer.
    await a('జట్టు ఎంపికలు పూర్తి', 'కొత్త ఆటగాళ్లు.', 11);
    const found = await titlesOf('ennikalu');
    expect(found[0]).toBe((await titlesOf('ఎన్నికలు'))[0]);
    expect(found).toEqual(['విజయవాడలో ఎన్నికలు', 'జట్టు ఎంపికలు పూర్తి']);
  });

  it('backfills articles saved before the Tenglish columns existed', async () => {
    const id = await addArticle(t.services.db, {
      title: 'గుంటూరు మిర్చి యార్డు',
      content: '<p>ధరలు పెరిగాయి.</p>',
      reporterId: reporter,
    });
    await t.services.db.update(articles).set({ titleLatin: null, searchLatin: null }).where(eq(articles.id, id));
    expect(await titlesOf('guntur')).toEqual([]);
    expect(await backfillTenglish(t.services.db)).toBe(1);
    expect(await titlesOf('guntur')).toEqual(['గుంటూరు మిర్చి యార్డు']);
    expect(await backfillTenglish(t.services.db)).toBe(0);
  });
});

describe(`Tenglish search precision and recall (${TEST_DB})`, () => {
  it(`over ${TENGLISH_WORDS.length} Telugu words and their common English spellings`, async () => {
    const t2 = await createTestApp();
    try {
      const r = (await addReporter(t2.services.db, 'desk')).id;
      // One story per word; every story also carries the same everyday words, as news does.
      const ids = await addArticles(
        t2.services.db,
        TENGLISH_WORDS.map(([word], i) => ({
          title: `${word} వార్తలు`,
          content: '<p>ఈ రోజు ప్రధాన కథనం. పూర్తి వివరాలు.</p>',
          reporterId: r,
          publicationDate: day(i),
        })),
      );
      const find = async (query: string) => (await t2.services.search.search(query, 0, 50)).content.map((a) => a.id);
      let returned = 0;
      let relevant = 0;
      let queries = 0;
      let found = 0;
      for (const [i, [word, spellings]] of TENGLISH_WORDS.entries()) {
        // Relevant: what the Telugu word itself finds (మంత్రి is inside ముఖ్యమంత్రి).
        const wanted = new Set(await find(word));
        expect(wanted.has(ids[i])).toBe(true);
        for (const spelling of spellings) {
          const got = await find(spelling);
          queries++;
          returned += got.length;
          relevant += got.filter((id) => wanted.has(id)).length;
          if (got.includes(ids[i])) found++;
        }
      }
      const precision = relevant / returned;
      const recall = found / queries;
      console.log(
        `Tenglish search (${TEST_DB}): ${TENGLISH_WORDS.length} words, ${queries} spellings: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
      );
      expect(precision).toBeGreaterThanOrEqual(0.9);
      expect(recall).toBeGreaterThanOrEqual(0.85);
    } finally {
      await t2.close();
    }
  }, 120_000);
});
