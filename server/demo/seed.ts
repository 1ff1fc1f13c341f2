// Telugu demo newsroom: categories, two reporters, approved/pending/rejected stories with pictures
// and videos, navigation, featured sections, About Us and ads. Safe to run again: what exists is
// kept, what is missing is added (nothing is duplicated).
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { Services } from '../services.ts';
import {
  aboutUs,
  aboutUsImages,
  ads,
  articleCategories,
  articleImages,
  articles,
  articleTags,
  liveUpdates,
  tags,
  categories,
  featuredCategories,
  images,
  navigationEntries,
  users,
  type ImageRow,
} from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { searchFieldsFor, shortDescriptionFor } from '../articles/text.ts';
import type { PreparedImage } from '../media/images.ts';
import { tagSlug } from '../../contract/tags.ts';
import { BREAKING_MAX_HOURS } from '../../contract/review.ts';
import { bannerSvg, newsPictureSvg, portraitSvg, prng, renderJpeg, renderPng } from './artwork.ts';
import {
  ABOUT_US_HTML,
  ADS,
  APPROVED_STORIES,
  AUTHORS,
  BREAKING_STORY,
  CATEGORIES,
  CATEGORY_TAGS,
  CLOSINGS,
  FEATURED,
  LIVE_STORY,
  LIVE_UPDATES,
  locative,
  NAVIGATION,
  PENDING_STORIES,
  PLACE_DISTRICTS,
  PLACES,
  PROFILES,
  REJECTED_STORIES,
  SENTENCES,
  SUBHEADINGS,
  TITLE_TAILS,
  TITLE_TEMPLATES,
  VIDEO_IDS,
  type CategoryKey,
  type StorySpec,
} from './data.ts';

/**
 * Demo accounts (docs/operations.md). Each gets a random password, printed once when it is
 * created, like the first admin's: a fixed, published password is a way in on every demo site.
 */
export const DEMO_REPORTERS = [
  { username: 'reporter', email: 'reporter@example.com' },
  { username: 'sravani', email: 'sravani@example.com' },
] as const;

const PICTURES_PER_CATEGORY = 2;
const BATCH = 250;
const HOUR = 3_600_000;

export async function isDatabaseEmpty(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`(select count(*) from articles) + (select count(*) from categories)`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row.n === 0;
}

export type SeedOptions = {
  log: (line: string) => void;
  /** Approved articles wanted in total (benchmark): the hand-written ones, then generated ones. */
  articleCount?: number;
  /** The clock publication dates count back from (tests). */
  now?: Date;
};

export type SeedSummary = {
  categories: number;
  approved: number;
  pending: number;
  rejected: number;
  navigation: boolean;
  featured: boolean;
  about: boolean;
  ads: number;
  /** Demo reporters given their author page (name, bio, portrait) in this run. */
  profiles: number;
  ms: number;
};

type PlannedArticle = StorySpec & {
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  author: string;
  youtubeVideoId: string | null;
  publicationDate: Date;
  rejectionReason: string | null;
  pictureCount: number;
  seed: number;
  /** Its district edition (a slug of contract/districts.ts), from its place. */
  district: string | null;
  tags: string[];
  /** Covered live (with LIVE_UPDATES), or breaking news for the longest time allowed from the seeding. */
  live: boolean;
  breaking: boolean;
};

/** A story's district and topics: two of its category's tags, chosen by its seed, and its place. */
function placeAndTopics(story: Pick<StorySpec, 'categories' | 'region'>, seed: number) {
  const pool = CATEGORY_TAGS[story.categories[0]];
  const district = PLACE_DISTRICTS[story.region] ?? null;
  const topics = [pool[seed % pool.length], pool[(seed + 1) % pool.length], ...(district ? [story.region] : [])];
  return { district, tags: [...new Set(topics)], live: false, breaking: false };
}

/**
 * Which of `wanted` the reporter's articles already have as titles: newest first, status by
 * status, stopping once every one is found. On a re-run over a big archive that reads the demo's
 * own articles, not the million archive titles behind them (reading them all took 6.4 s).
 */
async function existingTitles(db: Db, reporterId: number, wanted: Set<string>) {
  const found = new Set<string>();
  const PAGE = 2000;
  for (const status of articles.approvalStatus.enumValues) {
    let after: { at: string; id: number } | undefined;
    while (found.size < wanted.size) {
      const result = await db.execute(
        sql`select ${articles.title} as title, ${articles.publicationDate}::text as at, ${articles.id} as id from ${articles}
            where ${articles.reporterId} = ${reporterId} and ${articles.approvalStatus} = ${status}
              ${after ? sql`and (${articles.publicationDate}, ${articles.id}) < (${after.at}::timestamptz, ${after.id})` : sql``}
            order by ${articles.publicationDate} desc, ${articles.id} desc limit ${PAGE}`,
      );
      const page = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        title: string;
        at: string;
        id: number;
      }[];
      for (const row of page) if (wanted.has(row.title)) found.add(row.title);
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
  }
  return found;
}

export async function seedDemoContent(services: Services, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const { db } = services;
  const now = opts.now ?? new Date();

  const categoryIds = await ensureCategories(db);
  const reporterId = await ensureReporters(db, opts.log);
  const profiles = await seedProfiles(services);

  const plan = planArticles(opts.articleCount ?? APPROVED_STORIES.length, now);
  const existing = await existingTitles(db, reporterId, new Set(plan.map((a) => a.title)));
  const todo = plan.filter((a) => !existing.has(a.title));

  if (todo.length > 0) {
    const pool = await preparePictures(services);
    const poolRows = await db.transaction((tx) => services.images.store(pool.prepared, tx));
    try {
      for (let i = 0; i < todo.length; i += BATCH) {
        await db.transaction((tx) =>
          insertArticles(tx, todo.slice(i, i + BATCH), { reporterId, categoryIds, now, pool: { ...pool, rows: poolRows } }),
        );
      }
    } finally {
      // The pool's own rows were templates: every article has its own rows sharing the files, so
      // releasing them removes only files no article uses (none, unless seeding failed).
      await db.transaction((tx) =>
        services.images.release(
          poolRows.map((r) => r.id),
          tx,
        ),
      );
    }
  }

  const navigation = await seedNavigation(db, categoryIds);
  const featured = await seedFeatured(db, categoryIds);
  const about = await seedAboutUs(services);
  const adCount = await seedAds(services);
  await services.images.settled();
  await services.changes.announce({ kind: 'seed' });

  const added = (status: PlannedArticle['status']) => todo.filter((a) => a.status === status).length;
  const summary: SeedSummary = {
    categories: Object.keys(categoryIds).length,
    approved: added('APPROVED'),
    pending: added('PENDING'),
    rejected: added('REJECTED'),
    navigation,
    featured,
    about,
    ads: adCount,
    profiles,
    ms: Math.round(performance.now() - started),
  };
  opts.log(
    `demo content: ${summary.approved} approved, ${summary.pending} pending, ${summary.rejected} rejected articles added` +
      `${navigation ? ', navigation' : ''}${featured ? ', featured sections' : ''}${about ? ', About Us' : ''}` +
      `${adCount ? `, ${adCount} ads` : ''}${profiles ? `, ${profiles} author pages` : ''} in ${summary.ms} ms` +
      (summary.approved ? ` (demo reporter: ${DEMO_REPORTERS[0].username})` : ''),
  );
  return summary;
}

async function ensureCategories(db: Db): Promise<Record<CategoryKey, number>> {
  // The unique index ignores case and surrounding space: an admin's own "సినిమా" is reused.
  await db
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ name: c.name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: categories.id, name: sql<string>`lower(btrim(${categories.name}))` })
    .from(categories)
    .where(
      inArray(
        sql`lower(btrim(${categories.name}))`,
        CATEGORIES.map((c) => c.name.toLowerCase()),
      ),
    );
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return Object.fromEntries(CATEGORIES.map((c) => [c.key, byName.get(c.name.toLowerCase())!])) as Record<CategoryKey, number>;
}

/** Creates the demo reporters if missing; returns the id of `reporter`, who owns the stories. */
async function ensureReporters(db: Db, log: (line: string) => void): Promise<number> {
  let ownerId = 0;
  for (const demo of DEMO_REPORTERS) {
    const find = () =>
      db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${demo.username}`)
        .limit(1);
    let [row] = await find();
    if (!row) {
      const password = randomBytes(12).toString('base64url');
      const created = await db
        .insert(users)
        .values({ username: demo.username, email: demo.email, passwordHash: await hashPassword(password), role: 'REPORTER' })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created.length) log(`demo reporter "${demo.username}" created with password: ${password} (shown only once)`);
      [row] = await find();
    }
    if (!row) throw new Error(`demo content: cannot create the demo reporter "${demo.username}" (its email is taken)`);
    if (demo.username === 'reporter') ownerId = row.id;
  }
  return ownerId;
}

/** Every article the demo wants, in a fixed order with fixed dates relative to `now`. */
export function planArticles(approvedCount: number, now: Date): PlannedArticle[] {
  const random = prng(20241121);
  const at = (hoursAgo: number) => new Date(now.getTime() - Math.round(hoursAgo * HOUR));
  const plan: PlannedArticle[] = [];
  let videos = 0;

  const handWritten = APPROVED_STORIES.slice(0, approvedCount);
  handWritten.forEach((story, i) => {
    // The first 12 inside the last 48 hours, the rest spread over the 12 days before.
    const hoursAgo =
      i < 12 ? 1 + i * 3.6 : 50 + ((i - 12) / Math.max(1, handWritten.length - 12)) * (13.5 * 24 - 50) + random() * 6;
    plan.push({
      ...story,
      status: 'APPROVED',
      author: AUTHORS[i % AUTHORS.length],
      youtubeVideoId: story.video ? VIDEO_IDS[videos++ % VIDEO_IDS.length] : null,
      publicationDate: at(hoursAgo),
      rejectionReason: null,
      pictureCount: 1 + (i % 3),
      seed: i + 1,
      ...placeAndTopics(story, i),
      live: i === LIVE_STORY,
      breaking: i === BREAKING_STORY,
    });
  });

  for (let j = 0; j < approvedCount - handWritten.length; j++) {
    const template = TITLE_TEMPLATES[j % TITLE_TEMPLATES.length];
    const q = Math.floor(j / TITLE_TEMPLATES.length);
    const place = PLACES[q % PLACES.length];
    const tail = TITLE_TAILS[Math.floor(q / PLACES.length) % TITLE_TAILS.length];
    const round = Math.floor(q / (PLACES.length * TITLE_TAILS.length));
    const loc = locative(place.name);
    // Regional templates belong to the state of their place.
    const regional = template.category === 'ap' || template.category === 'telangana';
    const primary: CategoryKey = regional ? place.state : template.category;
    const cats: CategoryKey[] = !regional && j % 3 === 0 ? [primary, place.state] : [primary];
    plan.push({
      title: `${template.text.replace('{loc}', loc)}${tail}${round > 0 ? ` (${round + 1})` : ''}`,
      categories: cats,
      region: place.name,
      lead: template.lead.replace('{loc}', loc),
      status: 'APPROVED',
      author: AUTHORS[j % AUTHORS.length],
      youtubeVideoId: j % 9 === 4 ? VIDEO_IDS[j % VIDEO_IDS.length] : null,
      publicationDate: at(0.5 + random() * 14 * 24 - 1),
      rejectionReason: null,
      pictureCount: 1 + (j % 3),
      seed: 1000 + j,
      ...placeAndTopics({ categories: cats, region: place.name }, j),
    });
  }

  PENDING_STORIES.forEach((story, i) =>
    plan.push({
      ...story,
      status: 'PENDING',
      author: AUTHORS[(i + 3) % AUTHORS.length],
      youtubeVideoId: null,
      // Before approval the publication date is the creation time.
      publicationDate: at(2 + i * 5),
      rejectionReason: null,
      pictureCount: 1 + (i % 2),
      seed: 500 + i,
      ...placeAndTopics(story, i),
    }),
  );
  REJECTED_STORIES.forEach(({ reason, ...story }, i) =>
    plan.push({
      ...story,
      status: 'REJECTED',
      author: AUTHORS[(i + 5) % AUTHORS.length],
      youtubeVideoId: null,
      publicationDate: at(72 + i * 20),
      rejectionReason: reason,
      pictureCount: 1,
      seed: 600 + i,
      ...placeAndTopics(story, i),
    }),
  );
  return plan;
}

const escapeHtml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** 3 to 6 paragraphs: the lead, then sentences of the story's categories, a subheading in some. */
export function articleBody(story: Pick<StorySpec, 'categories' | 'region' | 'lead'>, seed: number): string {
  const random = prng(seed * 7919);
  const loc = locative(story.region);
  const [primary, secondary] = story.categories;
  const pool = [...SENTENCES[primary], ...(secondary ? SENTENCES[secondary].slice(0, 4) : [])];
  for (let i = pool.length - 1; i > 0; i--) {
    const k = Math.floor(random() * (i + 1));
    [pool[i], pool[k]] = [pool[k], pool[i]];
  }
  let next = 0;
  const sentence = () => pool[next++ % pool.length].replace('{loc}', loc);
  const paragraphs = 3 + Math.floor(random() * 4);
  const html: string[] = [
    `<p><strong>${escapeHtml(story.region)}:</strong> ${escapeHtml(story.lead)} ${escapeHtml(sentence())}</p>`,
  ];
  for (let p = 1; p < paragraphs; p++) {
    if (p === 2 && paragraphs >= 4 && random() < 0.7) {
      html.push(`<h2>${escapeHtml(SUBHEADINGS[primary][Math.floor(random() * SUBHEADINGS[primary].length)])}</h2>`);
    }
    const text = [sentence(), sentence()];
    if (p === paragraphs - 1) text.push(CLOSINGS[Math.floor(random() * CLOSINGS.length)]);
    else if (random() < 0.3) text[0] = `<strong>${escapeHtml(text[0])}</strong>`;
    html.push(`<p>${text.map((t) => (t.startsWith('<strong>') ? t : escapeHtml(t))).join(' ')}</p>`);
  }
  return html.join('\n');
}

type PicturePool = { prepared: PreparedImage[]; byCategory: Map<CategoryKey, number[]> };

/** National and world stories borrow pictures, keeping the pool at 16 (seeding time). */
const BORROWED: Partial<Record<CategoryKey, CategoryKey[]>> = { national: ['politics', 'business'], world: ['sports', 'tech'] };

/** Two pictures per category, drawn and passed through the upload pipeline like real photos. */
async function preparePictures(services: Services): Promise<PicturePool> {
  const jobs = CATEGORIES.filter((c) => !BORROWED[c.key]).flatMap((category, c) =>
    Array.from({ length: PICTURES_PER_CATEGORY }, (_, k) => ({
      category,
      number: 10 + c * PICTURES_PER_CATEGORY + k,
      seed: 97 * (c + 1) + k,
    })),
  );
  const prepared = await Promise.all(
    jobs.map(async (job) => {
      const data = await renderJpeg(
        newsPictureSvg({ colour: job.category.colour, motif: job.category.motif, number: job.number, seed: job.seed }),
      );
      return services.images.prepare({ filename: `demo-${job.category.key}-${job.number}.jpg`, data }, 'article');
    }),
  );
  const byCategory = new Map<CategoryKey, number[]>();
  jobs.forEach((job, index) => byCategory.set(job.category.key, [...(byCategory.get(job.category.key) ?? []), index]));
  for (const [key, from] of Object.entries(BORROWED) as [CategoryKey, CategoryKey[]][]) {
    byCategory.set(
      key,
      from.flatMap((k) => byCategory.get(k) ?? []),
    );
  }
  return { prepared, byCategory };
}

async function insertArticles(
  tx: Tx,
  batch: PlannedArticle[],
  ctx: { reporterId: number; categoryIds: Record<CategoryKey, number>; now: Date; pool: PicturePool & { rows: ImageRow[] } },
) {
  const values = batch.map((a) => {
    const content = sanitizeArticleHtml(articleBody(a, a.seed));
    return {
      title: a.title,
      author: a.author,
      content,
      youtubeVideoId: a.youtubeVideoId,
      region: a.region,
      district: a.district,
      shortDescription: shortDescriptionFor(content),
      ...searchFieldsFor(a.title, content, a.tags),
      liveSince: a.live ? a.publicationDate : null,
      breakingUntil: a.breaking ? new Date(ctx.now.getTime() + BREAKING_MAX_HOURS * HOUR) : null,
      reporterId: ctx.reporterId,
      approvalStatus: a.status,
      rejectionReason: a.rejectionReason,
      publicationDate: a.publicationDate,
      createdAt: a.publicationDate,
      updatedAt: a.publicationDate,
    };
  });
  const inserted = (await tx.insert(articles).values(values).returning({ id: articles.id })).sort((x, y) => x.id - y.id);

  const links: { articleId: number; categoryId: number; position: number }[] = [];
  const pictures: { articleId: number; position: number; template: ImageRow }[] = [];
  batch.forEach((a, i) => {
    const articleId = inserted[i].id;
    a.categories.forEach((key, position) => links.push({ articleId, categoryId: ctx.categoryIds[key], position }));
    // The cover comes from the primary category, further pictures from the other categories.
    const candidates = [
      ...(ctx.pool.byCategory.get(a.categories[0]) ?? []),
      ...a.categories.slice(1).flatMap((key) => ctx.pool.byCategory.get(key) ?? []),
    ];
    const start = a.seed % candidates.length;
    for (let p = 0; p < Math.min(a.pictureCount, candidates.length); p++) {
      pictures.push({ articleId, position: p, template: ctx.pool.rows[candidates[(start + p) % candidates.length]] });
    }
  });
  await tx.insert(articleCategories).values(links);
  await insertTopics(tx, batch, inserted);
  await insertLiveUpdates(tx, batch, inserted, ctx.reporterId);
  // Each article gets its own image rows (so deleting one article releases only its rows); the
  // files are the pool's, shared by content key.
  const imageRows = (
    await tx
      .insert(images)
      .values(
        pictures.map(({ template: t }) => ({ key: t.key, width: t.width, height: t.height, variantWidths: t.variantWidths })),
      )
      .returning({ id: images.id })
  ).sort((x, y) => x.id - y.id);
  await tx
    .insert(articleImages)
    .values(pictures.map((p, i) => ({ articleId: p.articleId, imageId: imageRows[i].id, position: p.position })));
}

/** The batch's tags (made once each; a tag an admin made already is reused by its slug) and their links. */
async function insertTopics(tx: Tx, batch: PlannedArticle[], inserted: { id: number }[]) {
  const names = [...new Set(batch.flatMap((a) => a.tags))];
  if (names.length === 0) return;
  const wanted = names.map((name) => ({ name, slug: tagSlug(name) }));
  await tx.insert(tags).values(wanted).onConflictDoNothing({ target: tags.slug });
  const rows = await tx
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        wanted.map((w) => w.slug),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  await tx
    .insert(articleTags)
    .values(
      batch.flatMap((a, i) =>
        a.tags.map((name, position) => ({ articleId: inserted[i].id, tagId: idOf.get(tagSlug(name))!, position })),
      ),
    )
    .onConflictDoNothing();
}

/** The live story's updates, written by the demo reporter minutes apart after it went live. */
async function insertLiveUpdates(tx: Tx, batch: PlannedArticle[], inserted: { id: number }[], reporterId: number) {
  const index = batch.findIndex((a) => a.live);
  if (index < 0) return;
  const since = batch[index].publicationDate.getTime();
  await tx.insert(liveUpdates).values(
    LIVE_UPDATES.map((u) => {
      const at = new Date(since + u.minutes * 60_000);
      return {
        articleId: inserted[index].id,
        content: sanitizeArticleHtml(u.html),
        authorId: reporterId,
        authorName: PROFILES.reporter.displayName,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}

/** Author pages for the demo reporters that have none yet: Telugu name, a bio and a drawn portrait. */
async function seedProfiles(services: Services) {
  const { db } = services;
  const missing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inArray(users.username, Object.keys(PROFILES)), isNull(users.displayName)));
  if (missing.length === 0) return 0;
  const prepared = await Promise.all(
    missing.map(async (m) =>
      services.images.prepare(
        { filename: `author-${m.username}.jpg`, data: await renderJpeg(portraitSvg(PROFILES[m.username])) },
        'article',
      ),
    ),
  );
  return withPictures(services, prepared, async (tx, rows) => {
    for (const [i, m] of missing.entries()) {
      const { displayName, bio } = PROFILES[m.username];
      await tx.update(users).set({ displayName, bio, photoImageId: rows[i].id }).where(eq(users.id, m.id));
    }
    return missing.length;
  });
}

async function isEmpty(db: Db, table: typeof navigationEntries | typeof featuredCategories | typeof aboutUs | typeof ads) {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n === 0;
}

async function seedNavigation(db: Db, ids: Record<CategoryKey, number>) {
  if (!(await isEmpty(db, navigationEntries))) return false;
  await db
    .insert(navigationEntries)
    .values(NAVIGATION.map((key, i) => ({ categoryId: ids[key], displayOrder: i + 1 })))
    .onConflictDoNothing();
  return true;
}

async function seedFeatured(db: Db, ids: Record<CategoryKey, number>) {
  if (!(await isEmpty(db, featuredCategories))) return false;
  await db
    .insert(featuredCategories)
    .values(FEATURED.map((key, position) => ({ categoryId: ids[key], position })))
    .onConflictDoNothing();
  return true;
}

/** Runs `work` with freshly stored pictures; if it fails, their files are removed again. */
async function withPictures<T>(services: Services, prepared: PreparedImage[], work: (tx: Tx, rows: ImageRow[]) => Promise<T>) {
  try {
    return await services.db.transaction(async (tx) => work(tx, await services.images.store(prepared, tx)));
  } catch (error) {
    await services.images.discard(prepared);
    throw error;
  }
}

async function seedAboutUs(services: Services) {
  if (!(await isEmpty(services.db, aboutUs))) return false;
  const motifs = [
    { motif: 'NEWSROOM', colour: '#1f618d' },
    { motif: 'REPORTERS', colour: '#b03a2e' },
    { motif: 'SINCE 2024', colour: '#1e8449' },
  ];
  const prepared = await Promise.all(
    motifs.map(async (m, i) =>
      services.images.prepare(
        {
          filename: `about-${i + 1}.jpg`,
          data: await renderJpeg(newsPictureSvg({ ...m, number: i + 1, seed: 4000 + i })),
        },
        'about',
      ),
    ),
  );
  return withPictures(services, prepared, async (tx, rows) => {
    const created = await tx
      .insert(aboutUs)
      .values({ id: 1, content: sanitizeArticleHtml(ABOUT_US_HTML) })
      .onConflictDoNothing()
      .returning({ id: aboutUs.id });
    if (created.length === 0) throw new Error('about us appeared meanwhile');
    await tx.insert(aboutUsImages).values(rows.map((r, position) => ({ position, imageId: r.id })));
    return true;
  }).catch((error: unknown) => {
    if (error instanceof Error && error.message === 'about us appeared meanwhile') return false;
    throw error;
  });
}

async function seedAds(services: Services) {
  if (!(await isEmpty(services.db, ads))) return 0;
  const prepared = await Promise.all(
    ADS.map(async (ad, i) =>
      services.images.prepare(
        { filename: `ad-${i + 1}.png`, data: await renderPng(bannerSvg({ colour: ad.colour, motif: ad.motif, seed: 5000 + i })) },
        'ad',
      ),
    ),
  );
  return withPictures(services, prepared, async (tx, rows) => {
    await tx
      .insert(ads)
      .values(rows.map((r, i) => ({ imageId: r.id, durationInSeconds: ADS[i].durationInSeconds, link: ADS[i].link })));
    return rows.length;
  });
}
