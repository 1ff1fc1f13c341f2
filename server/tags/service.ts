// Topics (tags): what a story is about, up to 10 a story (contract/tags.ts). Reporters name them in
// the article forms; admins rename and merge them; readers find a tag's stories at /tag/{slug},
// and search finds a story by its tags (their names are part of the story's search text).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import type { Notice } from '../db/changes.ts';
import { articles, articleTags, tagOldSlugs, tags } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { loadArticles, tagsOfArticles } from '../articles/model.ts';
import { isApproved, safePaging, withoutBody } from '../articles/public-service.ts';
import { searchFieldsFor } from '../articles/text.ts';
import { TAG_MESSAGES, tagRef, tagSlug } from '../../contract/tags.ts';
import type { Article } from '../../contract/articles.ts';

/** The article's tag names, in the reporter's order. */
export async function tagNamesOf(db: DbOrTx, articleId: number): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(asc(articleTags.position));
  return rows.map((r) => r.name);
}

/**
 * Gives the article these tags (names already checked by TagsFieldSchema), making the ones not seen
 * before; `undefined` keeps its tags. Returns the article's tag names after the write, as stored
 * (a tag that exists keeps its own name), for the search text.
 */
export async function writeArticleTags(tx: Tx, articleId: number, names: string[] | undefined): Promise<string[]> {
  if (names === undefined) return tagNamesOf(tx, articleId);
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (names.length === 0) return [];
  const wanted = names.map((name) => ({ name, slug: tagSlug(name) }));
  await tx.insert(tags).values(wanted).onConflictDoNothing({ target: tags.slug });
  const rows = await tx
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        wanted.map((w) => w.slug),
      ),
    );
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const ordered = wanted.map((w) => bySlug.get(w.slug)!);
  await tx.insert(articleTags).values(ordered.map((t, position) => ({ articleId, tagId: t.id, position })));
  return ordered.map((t) => t.name);
}

/** Writes the search columns again for articles whose tags were renamed or merged. */
async function refreshSearchText(tx: Tx, ids: number[]) {
  for (let i = 0; i < ids.length; i += 200) {
    const batch = ids.slice(i, i + 200);
    const rows = await tx
      .select({ id: articles.id, title: articles.title, content: articles.content })
      .from(articles)
      .where(inArray(articles.id, batch));
    const names = await tagsOfArticles(tx, batch);
    for (const row of rows) {
      const fields = searchFieldsFor(
        row.title,
        row.content,
        (names.get(row.id) ?? []).map((t) => t.name),
      );
      await tx.update(articles).set(fields).where(eq(articles.id, row.id));
    }
  }
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export function createTagsService({ db, changes }: ServiceDeps) {
  async function tagById(tx: DbOrTx, id: number) {
    const [row] = validId(id) ? await tx.select().from(tags).where(eq(tags.id, id)) : [];
    if (!row) throw notFound(TAG_MESSAGES.unknownTag(String(id)));
    return row;
  }

  async function adminTag(tx: DbOrTx, id: number) {
    const row = await tagById(tx, id);
    const [{ n }] = await tx.select({ n: count() }).from(articleTags).where(eq(articleTags.tagId, id));
    return { id: row.id, ...tagRef(row.name, row.slug), articles: n };
  }

  /** The articles a tag is on: their pages, lists and search text change with it. */
  async function articlesOf(tx: DbOrTx, tagId: number) {
    const rows = await tx.select({ id: articleTags.articleId }).from(articleTags).where(eq(articleTags.tagId, tagId));
    return rows.map((r) => r.id);
  }

  /**
   * `slug` (a tag's address until now) leads to tag `to` from here on; a slug a live tag takes
   * again is no longer an old address.
   */
  async function keepOldSlug(tx: Tx, slug: string, to: number) {
    await tx
      .insert(tagOldSlugs)
      .values({ slug, tagId: to })
      .onConflictDoUpdate({ target: tagOldSlugs.slug, set: { tagId: to, movedAt: sql`now()` } });
  }

  function announce(notice: Notice, ids: number[]) {
    notice({ kind: 'articles', articles: ids, categories: [] });
  }

  return {
    /**
     * A tag and a page of its approved stories, newest first. A tag no approved story carries (yet,
     * or any more) is 404 as an unknown slug is: drafts and pending stories name tags too.
     */
    async bySlug(slug: string, requestedPage: number, requestedSize: number) {
      const { page, size } = safePaging(requestedPage, requestedSize);
      const normal = slug.normalize('NFC');
      const [tag] = await db.select().from(tags).where(eq(tags.slug, normal));
      if (!tag) throw notFound(TAG_MESSAGES.unknownTag(slug));
      const where = and(eq(articleTags.tagId, tag.id), isApproved);
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(articleTags).innerJoin(articles, eq(articles.id, articleTags.articleId)).where(where),
        db
          .select({ id: articles.id })
          .from(articleTags)
          .innerJoin(articles, eq(articles.id, articleTags.articleId))
          .where(where)
          .orderBy(desc(articles.publicationDate), desc(articles.id))
          .limit(size)
          .offset(page * size),
      ]);
      if (total === 0) throw notFound(TAG_MESSAGES.unknownTag(slug));
      const list: Article[] = withoutBody(
        await loadArticles(
          db,
          rows.map((r) => r.id),
        ),
      );
      return { tag: tagRef(tag.name, tag.slug), articles: list, total };
    },

    /** Where an old address of a tag (renamed or merged away) leads now: the tag's current slug, or null. */
    async movedTo(slug: string): Promise<string | null> {
      const [row] = await db
        .select({ slug: tags.slug })
        .from(tagOldSlugs)
        .innerJoin(tags, eq(tags.id, tagOldSlugs.tagId))
        .where(eq(tagOldSlugs.slug, slug.normalize('NFC')))
        .limit(1);
      return row && row.slug !== slug.normalize('NFC') ? row.slug : null;
    },

    /** The admin's list: every tag with how many stories carry it, by name. */
    async list() {
      const rows = await db
        .select({ id: tags.id, name: tags.name, slug: tags.slug, articles: sql<number>`count(${articleTags.articleId})::int` })
        .from(tags)
        .leftJoin(articleTags, eq(articleTags.tagId, tags.id))
        .groupBy(tags.id)
        .orderBy(asc(tags.name), asc(tags.id))
        .limit(5000);
      return rows.map((r) => ({ id: r.id, ...tagRef(r.name, r.slug), articles: r.articles }));
    },

    /** A new name (and so slug); one another tag already has is refused: merge them instead. */
    async rename(id: number, name: string, actor: AuditActor) {
      const slug = tagSlug(name);
      return changes.write(async (tx, notice) => {
        const tag = await tagById(tx, id);
        const [other] = await tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.slug, slug), sql`${tags.id} <> ${id}`));
        if (other) throw conflict(`Name: the tag "${name}" exists already; merge the two instead.`);
        await tx.update(tags).set({ name, slug }).where(eq(tags.id, id));
        if (tag.slug !== slug) await keepOldSlug(tx, tag.slug, id);
        await tx.delete(tagOldSlugs).where(eq(tagOldSlugs.slug, slug));
        const ids = await articlesOf(tx, id);
        await refreshSearchText(tx, ids);
        await record(tx, {
          actor,
          action: 'tag.rename',
          objectType: 'tag',
          objectId: String(id),
          summary: name,
          details: { from: tag.name, to: name },
        });
        announce(notice, ids);
        return adminTag(tx, id);
      });
    },

    /** Moves every story of tag `id` to tag `into` and removes `id`. */
    async merge(id: number, into: number, actor: AuditActor) {
      if (id === into) throw badRequest(TAG_MESSAGES.mergeIntoItself, { into: TAG_MESSAGES.mergeIntoItself });
      return changes.write(async (tx, notice) => {
        const from = await tagById(tx, id);
        const target = await tagById(tx, into).catch(() => {
          throw badRequest(TAG_MESSAGES.unknownTag(String(into)), { into: TAG_MESSAGES.unknownTag(String(into)) });
        });
        const ids = await articlesOf(tx, id);
        // A story carrying both keeps the one it is merged into, in its place.
        await tx.execute(sql`insert into ${articleTags} (article_id, tag_id, position)
          select article_id, ${into}, position from ${articleTags} where tag_id = ${id}
          on conflict (article_id, tag_id) do nothing`);
        // Its address, and the addresses it had before, lead to the tag it went into.
        await tx.update(tagOldSlugs).set({ tagId: into }).where(eq(tagOldSlugs.tagId, id));
        await keepOldSlug(tx, from.slug, into);
        await tx.delete(tags).where(eq(tags.id, id));
        await refreshSearchText(tx, ids);
        await record(tx, {
          actor,
          action: 'tag.merge',
          objectType: 'tag',
          objectId: String(into),
          summary: `${from.name} → ${target.name}`,
          details: { from: from.name, fromId: id, into: target.name },
        });
        announce(notice, ids);
        return adminTag(tx, into);
      });
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
