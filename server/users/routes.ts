// The admin's user management: list, role changes, reassignment and deletion. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { typed } from '../http/openapi.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import {
  AssignRoleSchema,
  MessageResultSchema,
  ReassignAndDeleteSchema,
  ReassignAndUpdateRoleSchema,
  UserListQuerySchema,
  UserPageSchema,
} from '../../contract/users.ts';

/** The signed-in admin and the client address, for the rules and the audit trail. */
const actor = (request: FastifyRequest) => actorOf(request) ?? currentUser(request);
const tags = ['users'];
const access = ['ADMIN'] as const;

export async function usersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  const api = typed(app);

  api.get(
    '/admin/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Users by username, with an optional role filter and username search',
        querystring: UserListQuerySchema,
        response: { 200: UserPageSchema },
      },
    },
    async (request) => users.list(request.query),
  );

  api.post(
    '/admin/assignRole',
    {
      config: { access },
      schema: {
        tags,
        summary: "Change a user's role (a reporter with articles goes through reassign-and-update-role)",
        body: AssignRoleSchema,
        response: { 200: MessageResultSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => users.assignRole(actor(request), request.body),
  );

  api.post(
    '/admin/reassign-and-update-role',
    {
      config: { access },
      schema: {
        tags,
        summary: "Move a reporter's articles to another reporter, then change the role",
        body: ReassignAndUpdateRoleSchema,
        response: { 200: MessageResultSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => users.reassignAndUpdateRole(actor(request), request.body),
  );

  api.post(
    '/admin/reassign-and-delete-reporter',
    {
      config: { access },
      schema: {
        tags,
        summary: "Move a reporter's articles to another reporter, then delete the account",
        body: ReassignAndDeleteSchema,
        response: { 200: MessageResultSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => users.reassignAndDeleteReporter(actor(request), request.body),
  );

  api.delete(
    '/admin/users/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete an account that owns no articles',
        params: IdParam,
        response: { 200: MessageResultSchema, 409: ErrorBody },
      },
    },
    async (request) => users.deleteUser(actor(request), request.params.id),
  );
}
