// Readership on the wire (contract/route.ts): the view beacon, the most-read list and the admin's
// views per reporter. Served by server/readership/routes.ts.
import { routeGroup } from './route-group.ts';
import { NO_CONTENT } from './http.ts';
import { ArticleListSchema, ReporterViewsListSchema } from './articles.schema.ts';

const tags = ['readership'];
const anyone = routeGroup({ tags, access: 'public' });
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });

export const READERSHIP_ROUTES = {
  /** Sent by navigator.sendBeacon (app/lib/readership.ts): always 204, counted or not. */
  view: anyone.post('/public/articles/:id/view', { summary: 'Count a read of an article (always 204)', ...NO_CONTENT }),
  mostRead: reader.get('/public/articles/most-read', {
    summary: 'The most-read articles (no bodies)',
    response: ArticleListSchema,
  }),
  byReporter: admin.get('/admin/readership/reporters', { summary: 'Views per reporter', response: ReporterViewsListSchema }),
};
