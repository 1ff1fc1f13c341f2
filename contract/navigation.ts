// The navigation bar: which categories it shows, in which order (display order from 1).
import { z } from 'zod';

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
