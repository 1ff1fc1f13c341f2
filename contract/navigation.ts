// The navigation bar: which categories it shows, in which order (display order from 1).
import { z } from 'zod';
import { routeGroup } from './route-group.ts';

/** PUT /api/navigation-categories: the whole new selection. */
export const NavigationSelectionSchema = z
  .array(
    z.object({
      categoryId: z.number({ error: 'categoryId must be a number' }).int().positive(),
      displayOrder: z.number({ error: 'displayOrder must be a number' }).int().min(1, 'displayOrder starts at 1'),
    }),
    { error: 'Expected an array of { categoryId, displayOrder }' },
  )
  .max(50, 'At most 50 navigation categories');
export type NavigationSelection = z.infer<typeof NavigationSelectionSchema>;

/** The admin's view of one entry. */
export const NavigationEntrySchema = z.object({ categoryId: z.number(), categoryName: z.string(), displayOrder: z.number() });
export type NavigationEntry = z.infer<typeof NavigationEntrySchema>;

/** The public bar and drawer: in display order. */
export const PublicNavigationEntrySchema = z.object({ categoryId: z.number(), categoryName: z.string() });
export type PublicNavigationEntry = z.infer<typeof PublicNavigationEntrySchema>;

export const NavigationListSchema = z.array(NavigationEntrySchema);

const tags = ['navigation'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });

/** The navigation bar's API (contract/route.ts). */
export const NAVIGATION_ROUTES = {
  publicList: reader.get('/navigation-categories/public', {
    summary: 'Categories in the navigation bar, in display order',
    response: z.array(PublicNavigationEntrySchema),
  }),
  list: admin.get('/navigation-categories', {
    summary: 'The navigation selection with its order',
    response: NavigationListSchema,
  }),
  replace: admin.put('/navigation-categories', {
    summary: 'Replace the navigation selection (orders renumbered 1..n)',
    body: NavigationSelectionSchema,
    response: NavigationListSchema,
  }),
};
