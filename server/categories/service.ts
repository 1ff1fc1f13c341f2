// Categories: the one place for their rules.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ServiceDeps } from '../service-deps.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { articleCategories, articles, categories, featuredCategories, navigationEntries } from '../db/schema.ts';
// The unique index on lower(btrim(name)) backs the name check against concurrent writers.
import { isUniqueViolation } from '../db/sql.ts';
import { conflict, notFound } from '../http/errors.ts';
import { CATEGORY_MESSAGES, type Category, type CategoryInput, type CategoryUsage } from '../../contract/categories.ts';

// One order on both engines: PGlite and Debian's PostgreSQL have different default collations.
// Made on first use: a Collator loads ICU data a server that never lists categories does not need.
let collator: Intl.Collator | undefined;
const byName = {
  compare: (a: string, b: string) => (collator ??= new Intl.Collator('te', { sensitivity: 'base', numeric: true })).compare(a, b),
};

export function createCategoriesService({ db, changes }: ServiceDeps) {
  async function list(): Promise<Category[]> {
    const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));
    return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  }

  async function assertNameFree(name: string, exceptId?: number) {
    const key = name.toLowerCase();
    const clash = (await db.select({ id: categories.id, name: categories.name }).from(categories)).find(
      (c) => c.id !== exceptId && c.name.trim().toLowerCase() === key,
    );
    if (clash) throw conflict(CATEGORY_MESSAGES.nameTaken);
  }

  return {
    /** Every category, sorted by name (public list and admin screen). */
    list,

    async create({ name }: CategoryInput, actor?: AuditActor): Promise<Category> {
      await assertNameFree(name);
      try {
        return await changes.write(async (tx, notice) => {
          const [created] = await tx.insert(categories).values({ name }).returning({ id: categories.id, name: categories.name });
          await record(tx, { actor, action: 'category.create', objectType: 'category', objectId: created.id, summary: name });
          notice({ kind: 'categories' });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CATEGORY_MESSAGES.nameTaken);
        throw error;
      }
    },

    async rename(id: number, { name }: CategoryInput, actor?: AuditActor): Promise<Category> {
      const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      if (!exists) throw notFound(CATEGORY_MESSAGES.notFound);
      await assertNameFree(name, id);
      try {
        return await changes.write(async (tx, notice) => {
          const [before] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).for('update');
          const [renamed] = await tx
            .update(categories)
            .set({ name })
            .where(eq(categories.id, id))
            .returning({ id: categories.id, name: categories.name });
          if (!renamed || !before) throw notFound(CATEGORY_MESSAGES.notFound);
          await record(tx, {
            actor,
            action: 'category.rename',
            objectType: 'category',
            objectId: id,
            summary: `${before.name} → ${name}`,
            details: { from: before.name, to: name },
          });
          notice({ kind: 'categories' });
          return renamed;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CATEGORY_MESSAGES.nameTaken);
        throw error;
      }
    },

    /**
     * What a delete would touch. Counted by the (category_id, article_id) index: a category of an
     * archive-sized site answers without reading the articles themselves, except for the status.
     */
    async usage(id: number): Promise<CategoryUsage> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
      const filed = alias(articleCategories, 'filed');
      const elsewhere = db
        .select({ one: sql`1` })
        .from(articleCategories)
        .where(and(eq(articleCategories.articleId, filed.articleId), ne(articleCategories.categoryId, id)));
      const [counts] = await db
        .select({
          articleCount: count(),
          approvedCount: sql<number>`count(*) filter (where ${articles.approvalStatus} = 'APPROVED')`.mapWith(Number),
          soleCategoryCount: sql<number>`count(*) filter (where not exists (${elsewhere}))`.mapWith(Number),
        })
        .from(filed)
        .innerJoin(articles, eq(articles.id, filed.articleId))
        .where(eq(filed.categoryId, id));
      const [nav] = await db.select({ n: count() }).from(navigationEntries).where(eq(navigationEntries.categoryId, id));
      const [featured] = await db.select({ n: count() }).from(featuredCategories).where(eq(featuredCategories.categoryId, id));
      return {
        articleCount: Number(counts?.articleCount ?? 0),
        approvedCount: counts?.approvedCount ?? 0,
        soleCategoryCount: counts?.soleCategoryCount ?? 0,
        inNavigation: Number(nav?.n ?? 0) > 0,
        featured: Number(featured?.n ?? 0) > 0,
      };
    },

    /**
     * A category in the navigation bar cannot be deleted (409); otherwise it is removed from
     * articles and the featured list by the schema's cascades. An article filed under it alone keeps
     * its status and stays on the site (home page, search, its own address) in no category, until an
     * edit gives it one (every article form requires a category); docs/product.md states the rule.
     */
    async remove(id: number, actor?: AuditActor): Promise<void> {
      await changes.write(async (tx, notice) => {
        // Lock the row: a concurrent navigation save referencing it waits for us, then fails its FK check.
        const [row] = await tx
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.id, id))
          .for('update');
        if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
        const [inNav] = await tx.select().from(navigationEntries).where(eq(navigationEntries.categoryId, id)).limit(1);
        if (inNav) throw conflict(CATEGORY_MESSAGES.inNavigation);
        await tx.delete(categories).where(eq(categories.id, id));
        await record(tx, { actor, action: 'category.delete', objectType: 'category', objectId: id, summary: row.name });
        notice({ kind: 'categories' });
      });
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
