// The tags API (contract/route.ts). Apart from ./tags.schema.ts, which ./articles.schema.ts imports.
import { routeGroup } from './route-group.ts';
import { CONFLICT, pageQuery } from './http.ts';
import { ArticleListSchema } from './articles.schema.ts';
import { AdminTagListSchema, TagActResultSchema, TagMergeSchema, TagRenameSchema, TagSlugParam } from './tags.schema.ts';

const tags = ['tags'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });

export const TAG_ROUTES = {
  publicArticles: reader.get('/public/tags/:slug/articles', {
    summary:
      "A tag's approved stories, newest first, 5 a page (X-Total-Count); unknown slug, or one no approved story carries: 404",
    params: TagSlugParam,
    // As the other public lists: 5 a page, at most 50.
    query: pageQuery({ size: 5, maxSize: 50 }),
    response: ArticleListSchema,
  }),
  adminList: admin.get('/admin/tags', { summary: 'Every tag with its number of stories', response: AdminTagListSchema }),
  rename: admin.put('/admin/tags/:id', {
    summary: 'Rename a tag (its slug follows); a name another tag has: 409, merge instead',
    body: TagRenameSchema,
    response: TagActResultSchema,
    errors: CONFLICT,
  }),
  merge: admin.post('/admin/tags/:id/merge', {
    summary: 'Merge a tag into another: its stories get the other tag, and it is removed',
    body: TagMergeSchema,
    response: TagActResultSchema,
  }),
};
