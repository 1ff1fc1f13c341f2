// Archive-scale seeding (`npm run seed -- --articles 1000000`): after the demo newsroom, generated
// approved articles are added in large batches until the demo reporter has the number asked for.
// No image processing: every article gets its own `images` row naming one of the demo's picture
// files (the rule the media pipeline keeps: rows are per article, files shared by content key).
// Bodies come from a pool sanitised once; the search columns of each article (Telugu and Tenglish)
// are made by searchFieldsFor, the function every save uses.
import { sql } from 'drizzle-orm';
import type { Services } from '../../server/services.ts';
import type { DbOrTx } from '../../server/db/client.ts';
import { sanitizeArticleHtml } from '../../server/articles/sanitize.ts';
import { searchFieldsFor, shortDescriptionFor } from '../../server/articles/text.ts';
import { DEMO_REPORTERS, articleBody } from '../../server/demo/seed.ts';
import { AUTHORS, CATEGORIES, PLACES, TITLE_TAILS, TITLE_TEMPLATES, locative } from '../../server/demo/data.ts';

/** A word only one article in RARE_EVERY carries: the benchmark's rare search. */
export const RARE_WORD = 'పోచంపల్లిఇక్కత్';
export const RARE_EVERY = 100_000;
const BATCH = 2000;

/** The article's search columns under their SQL names (json_populate_recordset reads column names). */
function searchColumns(title: string, content: string) {
  const { searchText, titleLatin, searchLatin } = searchFieldsFor(title, content);
  return { search_text: searchText, title_latin: titleLatin, search_latin: searchLatin };
}

const BODIES = 400;
/** Archive articles are older than the demo's two weeks: one every 5 minutes back from there. */
const ARCHIVE_START_MS = 15 * 24 * 3_600_000;
const STEP_MS = 5 * 60_000;

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await db.execute(query));
}

export async function seedArchive(services: Services, opts: { articles: number; log: (line: string) => void; now?: Date }) {
  const { db } = services;
  const started = performance.now();
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
  const [{ n: archived }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from articles where reporter_id = ${reporter.id} and title like '%№%'`,
  );

  const bodies = Array.from({ length: BODIES }, (_, b) => {
    const template = TITLE_TEMPLATES[b % TITLE_TEMPLATES.length];
    const place = PLACES[b % PLACES.length];
    const key = CATEGORIES[b % CATEGORIES.length].key;
    const content = sanitizeArticleHtml(
      articleBody(
        { categories: [key], region: place.name, lead: template.lead.replace('{loc}', locative(place.name)) },
        5000 + b,
      ),
    );
    return { content, shortDescription: shortDescriptionFor(content) };
  });

  // A big load: drop the secondary indexes of articles and build them once at the end (building
  // the trigram index once is many times faster than growing it row by row).
  const bulk = todo >= 50_000;
  const indexes = bulk
    ? await rows<{ name: string; def: string }>(
        db,
        sql`select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'articles' and indexname <> 'articles_pkey'`,
      )
    : [];
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists public."${index.name}"`));

  let added = 0;
  let lastLog = performance.now();
  try {
    for (let from = archived; added < todo; from += BATCH) {
      const count = Math.min(BATCH, todo - added);
      const batch = Array.from({ length: count }, (_, i) => {
        const j = from + i;
        const template = TITLE_TEMPLATES[j % TITLE_TEMPLATES.length];
        const place = PLACES[Math.floor(j / TITLE_TEMPLATES.length) % PLACES.length];
        const tail = TITLE_TAILS[Math.floor(j / 7) % TITLE_TAILS.length];
        // № marks archive articles (and keeps titles unique).
        const title = `${template.text.replace('{loc}', locative(place.name))}${tail} №${j + 1}`;
        const body = bodies[j % BODIES];
        const content = j % RARE_EVERY === 4321 % RARE_EVERY ? `${body.content}\n<p>${RARE_WORD} చీరల ప్రదర్శన.</p>` : body.content;
        const at = new Date(now - ARCHIVE_START_MS - j * STEP_MS).toISOString();
        return {
          title,
          author: AUTHORS[j % AUTHORS.length],
          content,
          youtube_video_id: null,
          region: place.name,
          short_description: body.shortDescription,
          ...searchColumns(title, content),
          reporter_id: reporter.id,
          approval_status: 'APPROVED',
          publication_date: at,
          created_at: at,
          updated_at: at,
        };
      });
      await db.transaction(async (tx) => {
        const ids = (
          await rows<{ id: number }>(
            tx,
            sql`insert into articles (title, author, content, youtube_video_id, region, short_description, search_text, title_latin, search_latin, reporter_id, approval_status, publication_date, created_at, updated_at)
              select title, author, content, youtube_video_id, region, short_description, search_text, title_latin, search_latin, reporter_id, approval_status, publication_date, created_at, updated_at
              from json_populate_recordset(null::articles, ${JSON.stringify(batch)}::json) returning id`,
          )
        )
          .map((r) => r.id)
          .sort((a, b) => a - b);
        const picked = ids.map((_, i) => pictures[(from + i) % pictures.length]);
        const imageIds = (
          await rows<{ id: number }>(
            tx,
            sql`insert into images (key, width, height, variant_widths)
              select key, width, height, variant_widths from json_populate_recordset(null::images, ${JSON.stringify(picked)}::json) returning id`,
          )
        )
          .map((r) => r.id)
          .sort((a, b) => a - b);
        const links = ids.map((id, i) => ({
          article_id: id,
          category_id: categoryIds[(from + i) % categoryIds.length],
          position: 0,
        }));
        await tx.execute(
          sql`insert into article_categories select * from json_populate_recordset(null::article_categories, ${JSON.stringify(links)}::json)`,
        );
        const covers = ids.map((id, i) => ({ article_id: id, image_id: imageIds[i], position: 0 }));
        await tx.execute(
          sql`insert into article_images select * from json_populate_recordset(null::article_images, ${JSON.stringify(covers)}::json)`,
        );
      });
      added += count;
      if (performance.now() - lastLog > 10_000 || added === todo) {
        lastLog = performance.now();
        const rate = added / ((performance.now() - started) / 1000);
        opts.log(`archive: ${added}/${todo} articles (${Math.round(rate)}/s, ~${Math.round((todo - added) / rate)} s left)`);
      }
    }
  } finally {
    for (const index of indexes) {
      opts.log(`archive: building ${index.name}`);
      await db.execute(sql.raw(index.def));
    }
  }
  // Fresh statistics now, not when autovacuum gets round to it: with the old ones the planner
  // takes the reporter index for a title search and reads the whole archive.
  await db.execute(sql`analyze`);
  await services.database.maintain();
  await services.changes.contentChanged('seed');
  return { added, ms: Math.round(performance.now() - started) };
}
