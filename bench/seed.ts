// Benchmark data: a fresh embedded database with at least `articleCount` approved articles.
// Uses the demo seed when it can make that many; tops up with generated Telugu articles otherwise.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { articleImages, articles, categories, featuredCategories, navigationEntries, users } from '../server/db/schema.ts';
import { images } from '../server/db/schema.ts';
import { addArticles, addCategory, addReporter, type ArticleFixture } from '../server/test/fixtures.ts';
import type { PreparedImage } from '../server/media/images.ts';
import { photoLikeJpeg } from './photos.ts';

/** Distinct photo-like pictures the articles share (each through the upload pipeline once). */
const PHOTOS = 16;

/** Word pools of the generated stories, shared with bench/newsroom.ts. */
export const PLACES = ['హైదరాబాద్', 'విజయవాడ', 'విశాఖపట్నం', 'తిరుపతి', 'వరంగల్', 'గుంటూరు', 'నెల్లూరు', 'కర్నూలు', 'కాకినాడ', 'నిజామాబాద్'];
const SUFFIXES = ['లో', 'కు', 'నుంచి', 'లోని', ''];
export const EVENTS = [
  'భారీ వర్షం',
  'కొత్త రైలు సర్వీసు',
  'ఎన్నికల ప్రచారం',
  'క్రికెట్ టోర్నమెంట్',
  'సినిమా విడుదల',
  'రైతుల ఆందోళన',
  'ఐటీ ఉద్యోగాలు',
  'ఆసుపత్రి ప్రారంభం',
];
export const SENTENCES = [
  'స్థానిక అధికారులు పరిస్థితిని సమీక్షించారు మరియు ప్రజలకు అవసరమైన సూచనలు జారీ చేశారు.',
  'ఈ నిర్ణయం వల్ల వేలాది కుటుంబాలకు ప్రయోజనం కలుగుతుందని మంత్రి తెలిపారు.',
  'ప్రతిపక్ష నాయకులు ఈ అంశంపై అసెంబ్లీలో చర్చ జరపాలని డిమాండ్ చేశారు.',
  'వాతావరణ శాఖ రాబోయే మూడు రోజుల పాటు మోస్తరు నుంచి భారీ వర్షాలు కురిసే అవకాశం ఉందని హెచ్చరించింది.',
  'పోలీసులు ట్రాఫిక్ మళ్లింపు ఏర్పాట్లు చేశారు, వాహనదారులు ప్రత్యామ్నాయ మార్గాలు ఉపయోగించాలని కోరారు.',
  'యువతకు ఉపాధి అవకాశాలు పెంచేందుకు ప్రభుత్వం కొత్త పథకాన్ని ప్రకటించింది.',
];
export const CATEGORY_NAMES = ['రాజకీయాలు', 'క్రీడలు', 'సినిమా', 'వ్యాపారం', 'ఆంధ్రప్రదేశ్', 'తెలంగాణ', 'జాతీయం', 'అంతర్జాతీయం'];

function articleAt(i: number, reporterId: number, categoryIds: number[], now: number): ArticleFixture {
  const place = PLACES[i % PLACES.length];
  const suffix = SUFFIXES[i % SUFFIXES.length];
  const event = EVENTS[(i * 7) % EVENTS.length];
  const paragraphs = Array.from(
    { length: 6 },
    (_, p) => `<p>${place}${suffix} ${SENTENCES[(i + p) % SENTENCES.length]} ${SENTENCES[(i + p + 3) % SENTENCES.length]}</p>`,
  );
  return {
    title: `${place}${suffix ? '\u200c' + suffix : ''} ${event} – ${i + 1}`,
    content: `<h2>${event}</h2>${paragraphs.join('')}`,
    reporterId,
    categoryIds: [categoryIds[i % categoryIds.length]],
    region: place,
    youtubeVideoId: i % 50 === 0 ? 'dQw4w9WgXcQ' : null,
    // One article every 20 minutes backwards from now: the last 48 hours hold ~144 of them.
    publicationDate: new Date(now - i * 20 * 60_000),
  };
}

export async function seedBenchDatabase(dataDir: string, articleCount: number, log: (line: string) => void) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: '0' });
  const database = await openDatabase({ dataDir });
  const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
  try {
    // The newsroom's demo seed at benchmark size; generated articles top it up if it makes fewer.
    try {
      const { seedDemoContent } = await import('../server/demo/seed.ts');
      await seedDemoContent(services, { log, articleCount });
    } catch (error) {
      log(`demo seed failed, generating articles instead: ${(error as Error).message}`);
    }
    const approvedCount = async () =>
      Number((await services.db.select({ n: count() }).from(articles).where(eq(articles.approvalStatus, 'APPROVED')))[0].n);
    const have = await approvedCount();
    if (have < articleCount) {
      const db = services.db;
      let cats = await db.select({ id: categories.id }).from(categories);
      if (cats.length < 4) {
        for (const name of CATEGORY_NAMES) await addCategory(db, `${name} ${cats.length ? 'బెంచ్' : ''}`.trim());
        cats = await db.select({ id: categories.id }).from(categories);
      }
      const [existingReporter] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'REPORTER')).limit(1);
      const reporterId = existingReporter?.id ?? (await addReporter(db, 'bench_reporter')).id;
      const ids = cats.map((c) => c.id);
      const now = Date.now();
      const missing = articleCount - have;
      for (let start = 0; start < missing; start += 250) {
        const batch = Array.from({ length: Math.min(250, missing - start) }, (_, k) =>
          articleAt(start + k, reporterId, ids, now),
        );
        await addArticles(db, batch);
      }
      if ((await db.select({ n: count() }).from(navigationEntries))[0].n === 0) {
        await db.insert(navigationEntries).values(ids.slice(0, 6).map((categoryId, i) => ({ categoryId, displayOrder: i + 1 })));
      }
      if ((await db.select({ n: count() }).from(featuredCategories))[0].n === 0) {
        await db.insert(featuredCategories).values(ids.slice(0, 4).map((categoryId, position) => ({ categoryId, position })));
      }
      log(`generated ${missing} articles (demo seed gave ${have})`);
    }
    await usePhotoLikePictures(services, log);
    const total = await approvedCount();
    // Planner statistics, as a long-running server has them (PostgreSQL's autovacuum analyzes; PGlite
    // has no background worker, so a freshly bulk-loaded embedded database would plan without any).
    await services.db.execute(sql`analyze`);
    // The article page under test: a typical one, with a cover image when the seed made images.
    const [sample] = await services.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        and(
          eq(articles.approvalStatus, 'APPROVED'),
          sql`exists (select 1 from ${articleImages} where ${articleImages.articleId} = ${articles.id})`,
        ),
      )
      .orderBy(desc(articles.publicationDate))
      .limit(1)
      .offset(5);
    const [anyArticle] = await services.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.approvalStatus, 'APPROVED'))
      .orderBy(desc(articles.publicationDate))
      .limit(1)
      .offset(5);
    const [category] = await services.db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
    // Every approved article, for full renders that read a different article each time.
    const approved = await services.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.approvalStatus, 'APPROVED'))
      .orderBy(articles.id);
    return { total, articleId: (sample ?? anyArticle).id, categoryId: category.id, articleIds: approved.map((a) => a.id) };
  } finally {
    await database.close();
  }
}

/**
 * Every article picture becomes one of PHOTOS photo-like JPEGs (bench/photos.ts), each passed through
 * the upload pipeline like a reporter's photo (WebP variants, the share JPEG); the demo's artwork
 * compresses to a few KB and would hide what pictures cost a phone.
 */
async function usePhotoLikePictures(services: ReturnType<typeof createServices>, log: (line: string) => void) {
  const started = performance.now();
  const prepared: PreparedImage[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const data = await photoLikeJpeg(1000 + i);
    prepared.push(await services.images.prepare({ filename: `photo-${i + 1}.jpg`, data }, 'article'));
  }
  const rows = await services.db.transaction((tx) => services.images.store(prepared, tx));
  const used = services.db.select({ id: articleImages.imageId }).from(articleImages);
  for (const [k, row] of rows.entries()) {
    await services.db
      .update(images)
      .set({ key: row.key, width: row.width, height: row.height, variantWidths: row.variantWidths })
      .where(and(inArray(images.id, used), sql`${images.id} % ${PHOTOS} = ${k}`));
  }
  log(`article pictures: ${PHOTOS} photo-like JPEGs (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
