// An article's revision history on the wire (contract/route.ts): the list, one revision, what a
// resubmission changed since its rejection, and the admin's restore. Served by
// server/review/revisions-routes.ts; the rules are server/articles/revisions.ts.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { PathId } from './http.ts';
import { STALE } from './editing.ts';
import { ChangesSinceRejectionSchema, ReviewResultSchema, RevisionSchema, RevisionSummaryListSchema } from './articles.schema.ts';

const tags = ['drafts and revisions'];
const staff = routeGroup({ tags, access: ['REPORTER', 'ADMIN'] });
const admin = routeGroup({ tags, access: ['ADMIN'] });
/** The version the admin saw when choosing the revision: an older one is refused (409). */
const RestoreSchema = z.object({ version: z.number().int().min(1).optional() });
const RevisionParams = z.object({ id: PathId, revId: PathId });

export const REVISION_ROUTES = {
  list: staff.get('/articles/:id/revisions', {
    summary: "An article's revisions, newest first (its reporter or an admin)",
    response: RevisionSummaryListSchema,
  }),
  get: staff.get('/articles/:id/revisions/:revId', {
    summary: 'One revision in full',
    params: RevisionParams,
    response: RevisionSchema,
  }),
  sinceRejection: admin.get('/admin/articles/:id/changes-since-rejection', {
    summary: 'What a resubmitted article changed since it was rejected (null when nothing to compare)',
    response: ChangesSinceRejectionSchema,
  }),
  restore: admin.post('/admin/articles/:id/revisions/:revId/restore', {
    summary: 'Make an earlier revision the current text (recorded as a new revision)',
    params: RevisionParams,
    // No body (or no version): restored whatever was saved since, as before versions.
    body: z.preprocess((body) => body ?? {}, RestoreSchema),
    response: ReviewResultSchema,
    errors: STALE,
  }),
};
