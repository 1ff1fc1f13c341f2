// The public reading API (contract/route.ts): approved articles by category and by id, the home
// page's data and search. Every route is a public, cacheable read (CDN, ETag, 304).
import { SEARCH_EXACT_TOTAL } from './search.ts';
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { pageOf, PathId } from './http.ts';
import { ArticleListSchema, ArticleSchema, CategoryRefSchema, PublicPageQuery } from './articles.schema.ts';

const tags = ['articles (public)'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });

/** The home page's data in one answer. */
export const HomepageSchema = z.object({
  latestNews: ArticleListSchema,
  videoArticles: ArticleListSchema,
  featuredCategorySections: z.array(z.object({ category: CategoryRefSchema, articles: ArticleListSchema })),
  breakingNews: ArticleListSchema,
});
export type Homepage = z.infer<typeof HomepageSchema>;

/** `?query=&page=&size=`: repeated `query` parameters are read as one query, words joined. */
export const SearchQuery = PublicPageQuery.extend({
  query: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((q) => (Array.isArray(q) ? q.join(' ') : (q ?? ''))),
});

export const SearchPageSchema = pageOf(ArticleSchema);
export type SearchPage = z.infer<typeof SearchPageSchema>;

export const PUBLIC_ARTICLE_ROUTES = {
  byCategory: reader.get('/public/articles/category/:id', {
    summary: "A category's approved articles, newest first (X-Total-Count: how many)",
    query: PublicPageQuery,
    response: ArticleListSchema,
  }),
  related: reader.get('/public/articles/related/:categoryId/:excludeArticleId', {
    summary: 'Newest articles of a category, without the one being read',
    params: z.object({ categoryId: PathId, excludeArticleId: PathId }),
    response: ArticleListSchema,
  }),
  latestNews: reader.get('/public/articles/latest-news/:categoryId', {
    summary: 'Newest articles outside a category',
    params: z.object({ categoryId: PathId }),
    response: ArticleListSchema,
  }),
  one: reader.get('/public/articles/:id', { summary: 'One approved article', response: ArticleSchema }),
};

export const HOMEPAGE_ROUTES = {
  homepage: reader.get('/public/articles/homepage', {
    tags: ['homepage'],
    summary: 'Latest news, video articles, featured category sections and breaking news',
    response: HomepageSchema,
  }),
};

export const SEARCH_ROUTES = {
  search: reader.get('/public/articles/search', {
    tags: ['search'],
    summary: 'Search approved articles (Telugu, or Telugu typed in English letters); X-Total-Count: matches',
    description:
      'Articles with every query word, those with more of the words in the title first, newest first within. ' +
      `totalElements and X-Total-Count are exact up to ${SEARCH_EXACT_TOTAL.toLocaleString('en')}; above, an estimate, ` +
      `never below ${(SEARCH_EXACT_TOTAL + 1).toLocaleString('en')} (docs/api.md).`,
    query: SearchQuery,
    response: SearchPageSchema,
  }),
};
