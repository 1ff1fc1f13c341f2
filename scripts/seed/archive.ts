// Archive-scale seeding (`npm run seed -- --articles 1000000`): after the demo newsroom, generated
// approved articles are added until the demo reporter has the number asked for.
//
// Fast because the database makes the rows itself: the text of an article is one of a pool of
// titles (template × place × tail, plus its number) and one of a pool of bodies, and each batch is
// a few `INSERT ... SELECT` over generate_series joined to those pools (sent once per batch as
// JSON). Nothing per article crosses from Node. The pools' derived columns are made by the
// functions every save uses (sanitiser, searchFieldsFor); what SQL adds per article is the
// number, and the first rows are compared with searchFieldsFor, so a drift stops the seed.
// No image processing: every article gets its own `images` row naming one of the demo's picture
// files (rows are per article, files shared by content key, as the media pipeline keeps them).
// For big runs the secondary indexes are dropped first and built once at the end.
import { sql } from 'drizzle-orm';
import type { Services } from '../../server/services.ts';
import type { DbOrTx } from '../../server/db/client.ts';
import { sanitizeArticleHtml } from '../../server/articles/sanitize.ts';
import { searchFieldsFor, shortDescriptionFor } from '../../server/articles/text.ts';
import { normaliseForSearch, stripTags } from '../../contract/text.ts';
import { tenglishFold } from '../../contract/tenglish.ts';
import { DEMO_REPORTERS, articleBody } from '../../server/demo/seed.ts';
import { AUTHORS, CATEGORIES, PLACES, TITLE_TAILS, TITLE_TEMPLATES, locative } from '../../server/demo/data.ts';

/** A word only one article in RARE_EVERY carries: the benchmark's rare search. */
export const RARE_WORD = 'పోచంపల్లిఇక్కత్';
export const RARE_EVERY = 100_000;
const RARE_AT = 4321;
const BODIES = 400;
/** Archive articles are older than the demo's two weeks: one every 5 minutes back from there. */
const ARCHIVE_START_MS = 15 * 24 * 3_600_000;
const STEP_MINUTES = 5;
/** № marks archive articles (and numbers them: titles stay unique). */
const MARK = '№';

export type ArchiveOptions = {
  /** Approved articles the demo reporter should have in all. */
  articles: number;
  log: (line: string) => void;
  now?: Date;
  /** Rows per transaction. */
  batch?: number;
  /** From this many new articles on, indexes are dropped first and built at the end. */
  bulkFrom?: number;
};

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await db.execute(query));
}
/** An array parameter, element by element (drizzle spreads a JS array into a list). */
const sqlArray = (values: readonly (string | number)[], type: 'text' | 'int') =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

/** The title of archive article `j` (zero-based) without its number: its pool entry. */
function titleKey(j: number) {
  const template = j % TITLE_TEMPLATES.length;
  const place = Math.floor(j / TITLE_TEMPLATES.length) % PLACES.length;
  const tail = Math.floor(j / 7) % TITLE_TAILS.length;
  return (template * PLACES.length + place) * TITLE_TAILS.length + tail;
}
/** The same in SQL, over `g`. */
const titleKeySql = sql.raw(
  `((g % ${TITLE_TEMPLATES.length}) * ${PLACES.length} + (g / ${TITLE_TEMPLATES.length}) % ${PLACES.length}) * ${TITLE_TAILS.length} + (g / 7) % ${TITLE_TAILS.length}`,
);
/** Body of article `j`: one of BODIES, the rare-word variant (index BODIES) for one in RARE_EVERY. */
const bodyKey = (j: number) => (j % RARE_EVERY === RARE_AT ? BODIES : j % BODIES);
const bodyKeySql = sql.raw(`case when g % ${RARE_EVERY} = ${RARE_AT} then ${BODIES} else g % ${BODIES} end`);

/** The pools, with each piece of the search columns computed by the functions every save uses. */
function pools() {
  const titles = TITLE_TEMPLATES.flatMap((template) =>
    PLACES.flatMap((place) =>
      TITLE_TAILS.map((tail) => {
        const title = `${template.text.replace('{loc}', locative(place.name))}${tail}`;
        return { title, region: place.name, search_title: normaliseForSearch(title), latin_title: tenglishFold(title) };
      }),
    ),
  ).map((t, k) => ({ k, ...t }));
  const plain = Array.from({ length: BODIES }, (_, b) => {
    const template = TITLE_TEMPLATES[b % TITLE_TEMPLATES.length];
    const place = PLACES[b % PLACES.length];
    return sanitizeArticleHtml(
      articleBody(
        {
          categories: [CATEGORIES[b % CATEGORIES.length].key],
          region: place.name,
          lead: template.lead.replace('{loc}', locative(place.name)),
        },
        5000 + b,
      ),
    );
  });
  const rare = `${plain[RARE_AT % BODIES]}\n<p>${RARE_WORD} చీరల ప్రదర్శన.</p>`;
  const bodies = [...plain, rare].map((content, k) => {
    const text = normaliseForSearch(stripTags(content));
    return { k, content, short_description: shortDescriptionFor(content), search_body: text, latin_body: tenglishFold(text) };
  });
  return { titles, bodies };
}

/** The number's word in the folded Latin copy, in SQL (what tenglishFold makes of `№123`). */
const numberLatinSql = sql.raw(`'o' || regexp_replace((g + 1)::text, '(.)\\1+', '\\1', 'g')`);

export async function seedArchive(services: Services, opts: ArchiveOptions) {
  const { db, database } = services;
  const started = performance.now();
  const batchSize = opts.batch ?? 25_000;
  const now = (opts.now ?? new Date()).getTime();
  const [reporter] = await rows<{ id: number }>(
    db,
    sql`select id from users where lower(username) = ${DEMO_REPORTERS[0].username}`,
  );
  if (!reporter) throw new Error('archive seed: run the demo seed first (no demo reporter)');
  const [{ n: have }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from articles where reporter_id = ${reporter.id} and approval_status = 'APPROVED'`,
  );
  const todo = opts.articles - have;
  if (todo <= 0) return { added: 0, ms: 0 };
  const categoryIds = (await rows<{ id: number }>(db, sql`select id from categories order by id`)).map((r) => r.id);
  const pictures = await rows<{ key: string; width: number; height: number; variant_widths: number[] }>(
    db,
    sql`select distinct on (key) key, width, height, variant_widths from images order by key limit 16`,
  );
  if (!pictures.length || !categoryIds.length) throw new Error('archive seed: the demo seed made no pictures or categories');
  // The archive continues the numbering after what is there, so a second run adds only the rest.
  // Numbers go back in time: the reporter's oldest approved article has the highest (reading
  // every title for the mark took seconds on a million).
  const [oldest] = await rows<{ title: string }>(
    db,
    sql`select title from articles where reporter_id = ${reporter.id} and approval_status = 'APPROVED'
        order by publication_date, id limit 1`,
  );
  const archived = oldest?.title.includes(MARK) ? Number(oldest.title.slice(oldest.title.lastIndexOf(MARK) + 1)) : 0;
  const { titles, bodies } = pools();
  const poolsJson: PoolsJson = {
    titles: JSON.stringify(titles),
    bodies: JSON.stringify(bodies),
    pictures: JSON.stringify(pictures.map((p, k) => ({ k, ...p }))),
    pictureCount: pictures.length,
  };
  const newest = new Date(now - ARCHIVE_START_MS).toISOString();
  const poolWords = new Set(
    [...titles, ...bodies].flatMap((p) => ('latin_title' in p ? p.latin_title : p.latin_body).split(' ')),
  );
  poolWords.delete('');
  await db.execute(
    sql`insert into search_words (word) select w from json_array_elements_text(${JSON.stringify([...poolWords])}::json) w on conflict do nothing`,
  );

  // A big load: drop the secondary indexes and build each once at the end (building a trigram
  // index once is many times faster than growing it row by row). Constraint indexes stay.
  const bulk = todo >= (opts.bulkFrom ?? 50_000);
  const indexes = bulk
    ? await rows<{ name: string; table: string; def: string }>(
        db,
        sql`select indexname as name, tablename as table, indexdef as def from pg_indexes i
            where schemaname = 'public' and tablename in ('articles', 'article_categories', 'article_titles')
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    : [];
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists public."${index.name}"`));
  // The numbers' words for Tenglish search, all at once (the pools' words are in already).
  await db.execute(
    sql`insert into search_words (word) select distinct ${numberLatinSql} from generate_series(${archived}::int, ${archived + todo - 1}::int) g
        on conflict do nothing`,
  );
  const settings = await batchSettings(db);
  // A PostgreSQL server inserts on two connections (a batch keeps one core busy); PGlite has one.
  const inserters = database.engine === 'postgres' && bulk && settings.replica ? 2 : 1;

  let added = 0;
  let lastLog = performance.now();
  let next = archived;
  const end = archived + todo;
  let failed = false;
  const insertBatches = async () => {
    while (next < end && !failed) {
      const from = next;
      const count = Math.min(batchSize, end - from);
      next += count;
      await insertBatch(db, {
        from,
        to: from + count - 1,
        newest,
        settings,
        reporterId: reporter.id,
        pools: poolsJson,
        categoryIds,
        check: from === archived ? titles : undefined,
      }).catch((error: unknown) => {
        failed = true; // the other connection stops after its batch
        throw error;
      });
      added += count;
      if (performance.now() - lastLog > 10_000 || added === todo) {
        lastLog = performance.now();
        const rate = added / ((performance.now() - started) / 1000);
        opts.log(`archive: ${added}/${todo} articles (${Math.round(rate)}/s, ~${Math.round((todo - added) / rate)} s left)`);
      }
    }
  };
  let inserted = false;
  try {
    await Promise.all(Array.from({ length: inserters }, insertBatches));
    inserted = true;
    opts.log(`archive: ${added} articles inserted in ${Math.round((performance.now() - started) / 1000)} s`);
  } finally {
    await finish(services, indexes, { vacuum: inserted, log: opts.log });
  }
  await services.database.maintain();
  await services.changes.announce({ kind: 'seed' });
  const ms = Math.round(performance.now() - started);
  opts.log(`archive: ${added} articles added in ${Math.round(ms / 1000)} s`);
  return { added, ms };
}

type PoolsJson = { titles: string; bodies: string; pictures: string; pictureCount: number };
type BatchSettings = { replica: boolean; lz4: boolean };

/**
 * What a batch may switch off. As a superuser, `session_replication_role = replica` skips the
 * row triggers: the foreign-key checks (ids come from archive_batch), the copies of status, date
 * and title (written here) and the search_words trigger (words added up front), and it
 * takes no table lock, so two batches run side by side. Otherwise the search_words trigger is
 * disabled per batch (a table lock: one batch at a time). lz4 compresses the bodies several times
 * faster than pglz where the server has it.
 */
async function batchSettings(db: DbOrTx): Promise<BatchSettings> {
  const [found] = await rows<{ replica: boolean; lz4: boolean }>(
    db,
    sql`select current_setting('is_superuser') = 'on' as replica,
               coalesce((select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression'), false) as lz4`,
  );
  return found;
}

/** Articles `from`..`to` (zero-based archive numbers), with their pictures, category links and covers, in one transaction. */
async function insertBatch(
  db: DbOrTx,
  b: {
    from: number;
    to: number;
    newest: string;
    settings: BatchSettings;
    reporterId: number;
    pools: PoolsJson;
    categoryIds: number[];
    /** The pool's titles, to compare the batch's first rows with what a save stores (the first batch). */
    check?: { title: string }[];
  },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    if (b.settings.lz4) await tx.execute(sql`set local default_toast_compression = lz4`);
    // The search_words trigger would split every article's Latin copy into words again (six
    // seconds a batch); the pools' and the numbers' words are added once, up front.
    if (b.settings.replica) await tx.execute(sql`set local session_replication_role = replica`);
    else await tx.execute(sql`alter table articles disable trigger search_words_on_insert`);
    // Ids first, so every table of the batch refers to the same articles and pictures.
    await tx.execute(
      sql`create temp table archive_batch (g int primary key, id int, image_id int, at timestamptz) on commit drop`,
    );
    await tx.execute(
      sql`insert into archive_batch
          select g, nextval(pg_get_serial_sequence('articles', 'id')), nextval(pg_get_serial_sequence('images', 'id')),
                 ${b.newest}::timestamptz - g * interval '${sql.raw(String(STEP_MINUTES))} minutes'
          from generate_series(${b.from}::int, ${b.to}::int) g`,
    );
    await tx.execute(sql`
      insert into articles (id, title, author, content, region, short_description, search_text, title_latin, search_latin,
                            reporter_id, approval_status, publication_date, created_at, updated_at)
      select g.id, t.title || ${` ${MARK}`} || (g.g + 1), (${sqlArray(AUTHORS, 'text')})[g.g % ${AUTHORS.length} + 1], b.content, t.region,
             b.short_description,
             t.search_title || ${` ${MARK}`} || (g.g + 1) || ' ' || b.search_body,
             concat_ws(' ', nullif(t.latin_title, ''), g.latin_number),
             concat_ws(' ', nullif(t.latin_title, ''), g.latin_number, nullif(b.latin_body, '')),
             ${b.reporterId}, 'APPROVED', g.at, g.at, g.at
      from (select id, g, at, ${titleKeySql} as tk, ${bodyKeySql} as bk, ${numberLatinSql} as latin_number from archive_batch) g
      join json_to_recordset(${b.pools.titles}::json) as t(k int, title text, region text, search_title text, latin_title text) on t.k = g.tk
      join json_to_recordset(${b.pools.bodies}::json) as b(k int, content text, short_description text, search_body text, latin_body text) on b.k = g.bk
      order by g.g`);
    await tx.execute(sql`
      insert into images (id, key, width, height, variant_widths)
      select g.image_id, p.key, p.width, p.height, p.variant_widths
      from archive_batch g join json_to_recordset(${b.pools.pictures}::json) as p(k int, key text, width int, height int, variant_widths int[])
        on p.k = g.g % ${b.pools.pictureCount}`);
    // Status and date written as the copy trigger would (it does not run as replica).
    await tx.execute(sql`
      insert into article_categories (article_id, category_id, position, approval_status, publication_date)
      select id, (${sqlArray(b.categoryIds, 'int')})[g % ${b.categoryIds.length} + 1], 0, 'APPROVED', at from archive_batch`);
    await tx.execute(sql`insert into article_images (article_id, image_id, position) select id, image_id, 0 from archive_batch`);
    // The title copies the lists count on (their trigger does not run as replica).
    if (b.settings.replica)
      await tx.execute(sql`
        insert into article_titles (article_id, reporter_id, approval_status, search_title)
        select a.id, a.reporter_id, a.approval_status, a.search_title from archive_batch g join articles a on a.id = g.id`);
    if (!b.settings.replica) await tx.execute(sql`alter table articles enable trigger search_words_on_insert`);
    if (b.check) await checkAgainstSaves(tx, b.from, b.to, b.check);
  });
}

/**
 * After the rows: VACUUM first, while the table has no secondary index (it sets the visibility
 * map and hint bits once; the index builds then find them set, and a VACUUM after would read every
 * GIN index whole), then the dropped indexes, the biggest (the body's trigram indexes) first, then
 * fresh statistics. A PostgreSQL server does two things at a time on two connections (an index
 * build uses one core); PGlite has one.
 */
async function finish(
  services: Services,
  indexes: { name: string; table: string; def: string }[],
  o: { vacuum: boolean; log: (line: string) => void },
) {
  const { db, database } = services;
  const timed = async (what: string, run: () => Promise<unknown>) => {
    const began = performance.now();
    await run();
    o.log(`archive: ${what} (${Math.round((performance.now() - began) / 1000)} s)`);
  };
  const build = (index: { name: string; def: string }) =>
    timed(`built ${index.name}`, () =>
      db.transaction(async (tx) => {
        // The default 64MB makes a trigram index over a million bodies spill to disk many times.
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${database.engine === 'pglite' ? '256MB' : '1GB'}'`));
        await tx.execute(sql.raw(index.def));
      }),
    );
  const vacuum = (table: string) => timed(`vacuumed ${table}`, () => db.execute(sql.raw(`vacuum ${table}`)));
  const side = async (...steps: (() => Promise<unknown>)[]) => {
    for (const step of steps) await step();
  };
  const work = database.engine === 'pglite' ? 1 : 2;
  // The category links' indexes are small; the title copies' trigram index waits for phase 2.
  const links = indexes.filter((i) => i.table === 'article_categories');
  // Phase 1: the articles table alone, the small tables beside it.
  await Promise.all([
    o.vacuum ? vacuum('articles') : Promise.resolve(),
    side(
      ...links.map((i) => () => build(i)),
      ...(o.vacuum
        ? ['article_categories', 'article_titles', 'images', 'article_images', 'search_words'].map((t) => () => vacuum(t))
        : []),
    ),
  ]);
  // Phase 2: the other indexes, biggest first, `work` at a time.
  const queue = indexes
    .filter((i) => i.table !== 'article_categories')
    .sort((a, b) => Number(/search_(text|latin)/.test(b.def)) - Number(/search_(text|latin)/.test(a.def)));
  await Promise.all(
    Array.from({ length: work }, async () => {
      for (let index = queue.shift(); index; index = queue.shift()) await build(index);
    }),
  );
  // Fresh statistics now, not when autovacuum gets round to it (with the old ones the planner
  // takes the reporter index for a title search and reads the whole archive).
  if (o.vacuum)
    await timed('analyzed', () =>
      db.execute(sql`analyze articles, article_categories, article_titles, images, article_images, search_words`),
    );
}

/**
 * The first rows of the first batch, compared with what a save of the same title and body stores:
 * the SQL above rebuilds the search columns from pieces, and a change in the normalisation or
 * the Tenglish folding must not go unnoticed. Covers a number with repeated digits and the rare
 * word's body when the batch reaches them.
 */
async function checkAgainstSaves(db: DbOrTx, from: number, to: number, titles: { title: string }[]) {
  const wanted = [from, from + 1, 1121, RARE_AT].filter((j) => j >= from && j <= to);
  const found = await rows<{ title: string; content: string; search_text: string; title_latin: string; search_latin: string }>(
    db,
    sql`select a.title, a.content, a.search_text, a.title_latin, a.search_latin
        from archive_batch b join articles a on a.id = b.id where b.g = any(${sqlArray(wanted, 'int')})`,
  );
  const [{ missing }] = await rows<{ missing: number }>(
    db,
    sql`select count(*)::int as missing from archive_batch b join articles a on a.id = b.id, unnest(string_to_array(a.search_latin, ' ')) w
        where b.g = any(${sqlArray(wanted, 'int')}) and not exists (select 1 from search_words s where s.word = w)`,
  );
  if (missing > 0) throw new Error(`archive seed: ${missing} words of the first articles are missing from search_words`);
  for (const row of found) {
    const saved = searchFieldsFor(row.title, row.content);
    const number = Number(row.title.split(MARK).pop()) - 1;
    if (
      row.search_text !== saved.searchText ||
      row.title_latin !== saved.titleLatin ||
      row.search_latin !== saved.searchLatin ||
      titles[titleKey(number)].title !== row.title.slice(0, row.title.lastIndexOf(` ${MARK}`)) ||
      (bodyKey(number) === BODIES) !== row.content.includes(RARE_WORD)
    )
      throw new Error(
        `archive seed: article ${MARK}${number + 1} differs from what a save would store; fix scripts/seed/archive.ts`,
      );
  }
}
