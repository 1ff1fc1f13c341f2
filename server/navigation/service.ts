// Navigation bar categories: which categories appear, in which order (display order from 1).
import { asc, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { categories, navigationEntries } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import type { NavigationSelection } from '../../contract/navigation.ts';
import { untilChange } from '../db/memo.ts';

export function createNavigationService({ db, changes }: ServiceDeps) {
  async function list() {
    return db
      .select({
        categoryId: navigationEntries.categoryId,
        categoryName: categories.name,
        displayOrder: navigationEntries.displayOrder,
      })
      .from(navigationEntries)
      .innerJoin(categories, eq(categories.id, navigationEntries.categoryId))
      .orderBy(asc(navigationEntries.displayOrder), asc(categories.name));
  }

  return {
    /** Public list for the navigation bar and drawer (every page shows it: loaded once per change). */
    listPublic: untilChange(changes, async () =>
      (await list()).map(({ categoryId, categoryName }) => ({ categoryId, categoryName })),
    ),

    /** Admin view: the current selection with its order. */
    list,

    /** Replaces the whole set; orders are renumbered 1..n in the given order. */
    async replace(entries: NavigationSelection, actor?: AuditActor) {
      const ids = entries.map((e) => e.categoryId);
      if (new Set(ids).size !== ids.length) throw badRequest('A category appears twice in the navigation bar');
      const sorted = [...entries].sort((a, b) => a.displayOrder - b.displayOrder);
      await changes.write(async (tx, notice) => {
        if (ids.length) {
          const known = await tx.select({ id: categories.id }).from(categories);
          const knownIds = new Set(known.map((k) => k.id));
          const missing = ids.find((id) => !knownIds.has(id));
          if (missing !== undefined) throw badRequest(`Unknown category: ${missing}`);
        }
        await tx.delete(navigationEntries);
        if (sorted.length) {
          await tx.insert(navigationEntries).values(sorted.map((e, i) => ({ categoryId: e.categoryId, displayOrder: i + 1 })));
        }
        await record(tx, {
          actor,
          action: 'navigation.update',
          objectType: 'navigation',
          summary: `${sorted.length} categories`,
          details: { categoryIds: sorted.map((e) => e.categoryId) },
        });
        notice({ kind: 'navigation' });
      });
      return list();
    },
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;
