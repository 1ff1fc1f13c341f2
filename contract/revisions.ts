// An article's revision history on the wire (contract/route.ts): the list, one revision, what a
// resubmission changed since its rejection, and the admin's restore. Served by
// server/review/revisions-routes.ts; the rules are server/articles/revisions.ts.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { ErrorBody, IdParam, PathId } from './http.ts';
import { ChangesSinceRejectionSchema, ReviewResultSchema, RevisionSchema, RevisionSummaryListSchema } from './articles.schema.ts';

const tags = ['drafts and revisions'];
const RevisionParams = z.object({ id: PathId, revId: PathId });

export const REVISION_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/articles/:id/revisions',
    access: ['REPORTER', 'ADMIN'],
    tags,
    summary: "An article's revisions, newest first (its reporter or an admin)",
    params: IdParam,
    response: RevisionSummaryListSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/articles/:id/revisions/:revId',
    access: ['REPORTER', 'ADMIN'],
    tags,
    summary: 'One revision in full',
    params: RevisionParams,
    response: RevisionSchema,
  }),
  sinceRejection: defineRoute({
    method: 'GET',
    path: '/admin/articles/:id/changes-since-rejection',
    access: ['ADMIN'],
    tags,
    summary: 'What a resubmitted article changed since it was rejected (null when nothing to compare)',
    params: IdParam,
    response: ChangesSinceRejectionSchema,
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/admin/articles/:id/revisions/:revId/restore',
    access: ['ADMIN'],
    tags,
    summary: 'Make an earlier revision the current text (recorded as a new revision)',
    params: RevisionParams,
    response: ReviewResultSchema,
    errors: { 409: ErrorBody },
  }),
};
