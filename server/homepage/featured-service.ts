// Featured homepage categories: which category sections the home page shows, in the admin's order.
import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { categories, featuredCategories } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { FEATURED_MESSAGES } from '../../contract/categories.ts';

export function createFeaturedService({ db, changes }: ServiceDeps) {
  async function list(): Promise<{ id: number; name: string }[]> {
    return db
      .select({ id: categories.id, name: categories.name })
      .from(featuredCategories)
      .innerJoin(categories, eq(categories.id, featuredCategories.categoryId))
      .orderBy(asc(featuredCategories.position));
  }

  return {
    /** In display order. */
    list,

    /** Replaces the whole list; array order is display order. */
    async replace(ids: number[], actor?: AuditActor) {
      if (new Set(ids).size !== ids.length) throw badRequest(FEATURED_MESSAGES.duplicate);
      await changes.write(async (tx, notice) => {
        if (ids.length) {
          const known = new Set(
            (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))).map((r) => r.id),
          );
          const missing = ids.find((id) => !known.has(id));
          if (missing !== undefined) throw badRequest(FEATURED_MESSAGES.unknown(missing));
        }
        await tx.delete(featuredCategories);
        if (ids.length) await tx.insert(featuredCategories).values(ids.map((categoryId, position) => ({ categoryId, position })));
        await record(tx, {
          actor,
          action: 'featured.update',
          objectType: 'featured',
          summary: `${ids.length} categories`,
          details: { categoryIds: ids },
        });
        notice({ kind: 'featured' });
      });
      return list();
    },
  };
}
export type FeaturedService = ReturnType<typeof createFeaturedService>;
