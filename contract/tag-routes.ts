// The tags API (contract/route.ts). Apart from ./tags.schema.ts, which ./articles.schema.ts imports.
import { defineRoute } from './route.ts';
import { ErrorBody, IdParam, pageQuery } from './http.ts';
import { ArticleListSchema } from './articles.schema.ts';
import { AdminTagListSchema, TagActResultSchema, TagMergeSchema, TagRenameSchema, TagSlugParam } from './tags.schema.ts';

const tags = ['tags'];

export const TAG_ROUTES = {
  publicArticles: defineRoute({
    method: 'GET',
    path: '/public/tags/:slug/articles',
    access: 'public',
    cache: 'public-read',
    tags,
    summary:
      "A tag's approved stories, newest first, 5 a page (X-Total-Count); unknown slug, or one no approved story carries: 404",
    params: TagSlugParam,
    // As the other public lists: 5 a page, at most 50.
    query: pageQuery({ size: 5, maxSize: 50 }),
    response: ArticleListSchema,
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/admin/tags',
    access: ['ADMIN'],
    tags,
    summary: 'Every tag with its number of stories',
    response: AdminTagListSchema,
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/admin/tags/:id',
    access: ['ADMIN'],
    tags,
    summary: 'Rename a tag (its slug follows); a name another tag has: 409, merge instead',
    params: IdParam,
    body: TagRenameSchema,
    response: TagActResultSchema,
    errors: { 409: ErrorBody },
  }),
  merge: defineRoute({
    method: 'POST',
    path: '/admin/tags/:id/merge',
    access: ['ADMIN'],
    tags,
    summary: 'Merge a tag into another: its stories get the other tag, and it is removed',
    params: IdParam,
    body: TagMergeSchema,
    response: TagActResultSchema,
  }),
};
