// User management shapes (docs/product.md All Users screen, user calls) and the texts of docs/product.md
import { z } from 'zod';
import { ROLES } from './roles.ts';
import { routeGroup } from './route-group.ts';
import { ErrorBody, pageOf } from './http.ts';

export const USERS_PAGE_SIZE = 10;
/** Largest page a caller may ask for; the reassign dropdown walks pages of this size. */
export const USERS_PAGE_MAX = 100;
export const USER_SEARCH_MAX = 50;

export const USER_MESSAGES = {
  // Successes.
  roleChanged: 'Role changed successfully.',
  reassignedAndRoleChanged: 'Articles reassigned and role changed successfully.',
  reassignedAndDeleted: 'Reporter reassigned and deleted successfully.',
  deleted: 'User deleted successfully.',
  // Failure alerts.
  fetchUsersError: 'Error fetching users.',
  fetchReportersError: 'Failed to fetch reporters.',
  assignRoleError: 'Error assigning role.',
  reassignRoleError: 'Error during article reassignment and role change.',
  reassignDeleteError: 'Error during reassignment and deletion.',
  deleteError: 'Error deleting user.',
  confirmDelete: 'Are you sure you want to delete this user?',
  // Server rules.
  notFound: 'User not found.',
  targetNotFound: 'The reporter chosen to take the articles was not found.',
  ownAccount: 'You cannot change or delete your own account.',
  reporterHasArticlesRole: 'This reporter still has articles. Reassign them to another reporter before changing the role.',
  reporterHasArticlesDelete: 'This reporter still has articles. Reassign them to another reporter before deleting the account.',
  sourceNotReporter: 'Only a reporter has articles to reassign.',
  targetNotReporter: 'Articles can only be reassigned to another reporter.',
  sameReporter: 'A reporter cannot be reassigned to themself. Choose another reporter.',
  newRoleNotReporter: 'The new role must be USER or ADMIN: the articles are leaving this reporter.',
  invalidRole: 'Role must be USER, REPORTER or ADMIN.',
} as const;

const role = z.enum(ROLES, { error: USER_MESSAGES.invalidRole });
const id = (name: string) =>
  z
    .number({ error: `${name} must be a user id.` })
    .int(`${name} must be a user id.`)
    .positive(`${name} must be a user id.`)
    .max(2_147_483_647, `${name} must be a user id.`);

/** GET /api/admin/users: zero-based page, optional role filter, search = case-insensitive substring of the username. */
export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(USERS_PAGE_SIZE),
  role: role.optional(),
  // Trimmed; blank means no search.
  search: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX)
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserSummarySchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Articles of every status this user wrote (counted up to 10,001: more is "more than 10,000"); lets the screen say when a reporter has nothing to move. */
  articleCount: z.number(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const UserPageSchema = pageOf(UserSummarySchema);
export type UserPage = z.infer<typeof UserPageSchema>;

export const AssignRoleSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  role,
});
export type AssignRoleInput = z.infer<typeof AssignRoleSchema>;

/**
 * The reassign-and-change-role call. docs/product.md sends newRole USER always; the server accepts any role but
 * REPORTER (USER or ADMIN), since the point of the call is that the reporter gives up the articles.
 */
export const ReassignAndUpdateRoleSchema = z.object({
  fromReporterId: id('fromReporterId'),
  toReporterId: id('toReporterId'),
  newRole: role.refine((r) => r !== 'REPORTER', USER_MESSAGES.newRoleNotReporter),
});
export type ReassignAndUpdateRoleInput = z.infer<typeof ReassignAndUpdateRoleSchema>;

export const ReassignAndDeleteSchema = z.object({
  fromReporterId: id('fromReporterId'),
  toReporterId: id('toReporterId'),
});
export type ReassignAndDeleteInput = z.infer<typeof ReassignAndDeleteSchema>;

export const MessageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof MessageResultSchema>;

const tags = ['users'];
const admin = routeGroup({ tags, access: ['ADMIN'] });
/**
 * Role changes and reassignments answer alike: a message, 404 for an unknown user (in a body, so not
 * among the answers documented for every route), 409 for a refused change.
 */
const refused = { 404: ErrorBody, 409: ErrorBody };

/** The admin's user management API (contract/route.ts); the reset link is AUTH_ROUTES.issueReset. */
export const USER_ROUTES = {
  list: admin.get('/admin/users', {
    summary: 'Users by username, with an optional role filter and username search',
    query: UserListQuerySchema,
    response: UserPageSchema,
  }),
  assignRole: admin.post('/admin/assignRole', {
    summary: "Change a user's role (a reporter with articles goes through reassign-and-update-role)",
    description:
      'A USER made REPORTER or ADMIN keeps the password they have: the server cannot see it. They are signed out ' +
      'everywhere, and their next sign-in says when the password is below the staff password rule (docs/security.md).',
    body: AssignRoleSchema,
    response: MessageResultSchema,
    errors: refused,
  }),
  reassignAndUpdateRole: admin.post('/admin/reassign-and-update-role', {
    summary: "Move a reporter's articles to another reporter, then change the role",
    body: ReassignAndUpdateRoleSchema,
    response: MessageResultSchema,
    errors: refused,
  }),
  reassignAndDelete: admin.post('/admin/reassign-and-delete-reporter', {
    summary: "Move a reporter's articles to another reporter, then delete the account",
    body: ReassignAndDeleteSchema,
    response: MessageResultSchema,
    errors: refused,
  }),
  remove: admin.delete('/admin/users/:id', {
    summary: 'Delete an account that owns no articles',
    response: MessageResultSchema,
    errors: refused,
  }),
};
