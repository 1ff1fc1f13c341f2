// Category shapes and the messages of docs/product.md (Manage Categories screen).
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { CONFLICT, NO_CONTENT } from './http.ts';

export const CATEGORY_NAME_MAX = 100;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required.',
  nameTooLong: `Category name must be at most ${CATEGORY_NAME_MAX} characters.`,
  nameTaken: 'A category with this name already exists.',
  inNavigation: 'This category is used in the navigation bar. Remove it first.',
  notFound: 'Category not found.',
  listFailed: 'Error fetching categories. Please try again later.',
  createFailed: 'Failed to create category',
  createError: 'Error creating category.',
  updateFailed: 'Failed to update category',
  updateError: 'Error updating category.',
  deleteFailed: 'Failed to delete category',
  deleteError: 'Error deleting category.',
  confirmDelete: 'Are you sure you want to delete this category?',
} as const;

/** Name is trimmed first, then required (docs/product.md: "required after trimming; trimmed value sent"). */
export const CategoryInputSchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong),
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const CategorySchema = z.object({ id: z.number(), name: z.string() }).meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

/**
 * What deleting a category would touch, for the delete modal: the articles filed under it (every status,
 * drafts included), how many of them are published, and how many have no other category.
 */
export const CategoryUsageSchema = z
  .object({
    articleCount: z.number(),
    approvedCount: z.number(),
    /** Articles filed under this category alone: after the delete they are in no category. */
    soleCategoryCount: z.number(),
    inNavigation: z.boolean(),
    featured: z.boolean(),
  })
  .meta({ id: 'CategoryUsage' });
export type CategoryUsage = z.infer<typeof CategoryUsageSchema>;

/** Navigation bar screen. */
export const NAVIGATION_MESSAGES = {
  saved: 'Changes saved successfully!',
  saveFailed: 'Failed to save changes.',
  saveError: 'Error saving changes.',
  fetchCategoriesFailed: 'Failed to fetch categories.',
  fetchSelectedFailed: 'Failed to fetch selected categories.',
} as const;

/** Featured homepage categories: an array of category ids, array order = display order. */
export const FEATURED_MAX = 20;
export const FEATURED_MESSAGES = {
  saved: 'Featured categories updated successfully.',
  saveFailed: 'Failed to update featured categories.',
  fetchFailed: 'Failed to fetch featured categories.',
  duplicate: 'A category appears twice in the featured list.',
  tooMany: `At most ${FEATURED_MAX} featured categories.`,
  unknown: (id: number) => `Unknown category: ${id}`,
} as const;

export const FeaturedSelectionSchema = z
  .array(
    z
      .number({ error: 'Each entry must be a category id' })
      .int('Each entry must be a category id')
      .positive('Each entry must be a category id')
      // Ids are 32-bit in the database: a larger number is no category (and no 500).
      .max(2_147_483_647, 'Each entry must be a category id'),
    {
      error: 'Expected an array of category ids',
    },
  )
  .max(FEATURED_MAX, FEATURED_MESSAGES.tooMany);

export const CategoryListSchema = z.array(CategorySchema);
/** The featured-categories save: its notice and the list as saved. */
export const FeaturedSavedSchema = z.object({ message: z.string(), categories: CategoryListSchema });

const tags = ['categories'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });

/** The categories API (contract/route.ts). */
export const CATEGORY_ROUTES = {
  list: reader.get('/categories', { summary: 'Every category, by name (X-Total-Count: how many)', response: CategoryListSchema }),
  adminList: admin.get('/admin/categories', { summary: 'Every category, for the admin', response: CategoryListSchema }),
  create: admin.post('/admin/categories', {
    summary: 'Create a category',
    body: CategoryInputSchema,
    response: CategorySchema,
    status: 201,
    errors: CONFLICT,
  }),
  rename: admin.put('/admin/categories/:id', {
    summary: 'Rename a category',
    body: CategoryInputSchema,
    response: CategorySchema,
    errors: CONFLICT,
  }),
  usage: admin.get('/admin/categories/:id/usage', {
    summary: 'What deleting a category would touch: its articles (all, published, with no other category), navigation, featured',
    response: CategoryUsageSchema,
  }),
  remove: admin.delete('/admin/categories/:id', {
    summary: 'Delete a category (refused while it is in the navigation bar)',
    ...NO_CONTENT,
    errors: CONFLICT,
  }),
};
