// The featured homepage categories' API (contract/route.ts); the shapes and messages are in ./categories.ts.
import { routeGroup } from './route-group.ts';
import { CategoryListSchema, FeaturedSavedSchema, FeaturedSelectionSchema } from './categories.ts';

const tags = ['homepage'];
const admin = routeGroup({ tags, access: ['ADMIN'] });

export const FEATURED_ROUTES = {
  list: admin.get('/admin/homepage/featured-categories', {
    summary: 'Featured categories in display order',
    response: CategoryListSchema,
  }),
  replace: admin.post('/admin/homepage/featured-categories', {
    summary: 'Replace the featured categories (array of category ids, in display order)',
    body: FeaturedSelectionSchema,
    response: FeaturedSavedSchema,
  }),
};
