// The featured homepage categories' API (contract/route.ts); the shapes and messages are in ./categories.ts.
import { defineRoute } from './route.ts';
import { CategoryListSchema, FeaturedSavedSchema, FeaturedSelectionSchema } from './categories.ts';

const tags = ['homepage'];

export const FEATURED_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/homepage/featured-categories',
    access: ['ADMIN'],
    tags,
    summary: 'Featured categories in display order',
    response: CategoryListSchema,
  }),
  replace: defineRoute({
    method: 'POST',
    path: '/admin/homepage/featured-categories',
    access: ['ADMIN'],
    tags,
    summary: 'Replace the featured categories (array of category ids, in display order)',
    body: FeaturedSelectionSchema,
    response: FeaturedSavedSchema,
  }),
};
