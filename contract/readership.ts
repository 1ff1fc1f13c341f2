// Readership on the wire (contract/route.ts): the view beacon, the most-read list and the admin's
// views per reporter. Served by server/readership/routes.ts.
import { defineRoute } from './route.ts';
import { IdParam, NoContent } from './http.ts';
import { ArticleListSchema, ReporterViewsListSchema } from './articles.schema.ts';

const tags = ['readership'];

export const READERSHIP_ROUTES = {
  /** Sent by navigator.sendBeacon (app/lib/readership.ts): always 204, counted or not. */
  view: defineRoute({
    method: 'POST',
    path: '/public/articles/:id/view',
    access: 'public',
    tags,
    summary: 'Count a read of an article (always 204)',
    params: IdParam,
    response: NoContent,
    status: 204,
  }),
  mostRead: defineRoute({
    method: 'GET',
    path: '/public/articles/most-read',
    access: 'public',
    cache: 'public-read',
    tags,
    summary: 'The most-read articles (no bodies)',
    response: ArticleListSchema,
  }),
  byReporter: defineRoute({
    method: 'GET',
    path: '/admin/readership/reporters',
    access: ['ADMIN'],
    tags,
    summary: 'Views per reporter',
    response: ReporterViewsListSchema,
  }),
};
