// The admin's user management: list, role changes, reassignment and deletion. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import type { Actor } from './service.ts';
import { currentUser } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { typed } from '../http/openapi.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import {
  AssignRoleSchema,
  MessageResultSchema,
  type MessageResult,
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

  /** Role changes and reassignments answer alike: a message, 404 for an unknown user, 409 for a refused change. */
  function change<Body extends z.ZodType>(
    url: string,
    summary: string,
    body: Body,
    run: (actor: Actor, input: z.output<Body>) => Promise<MessageResult>,
  ) {
    api.post(
      url,
      {
        config: { access },
        schema: { tags, summary, body, response: { 200: MessageResultSchema, 404: ErrorBody, 409: ErrorBody } },
      },
      async (request) => run(actor(request), request.body as z.output<Body>),
    );
  }

  change(
    '/admin/assignRole',
    "Change a user's role (a reporter with articles goes through reassign-and-update-role)",
    AssignRoleSchema,
    users.assignRole,
  );
  change(
    '/admin/reassign-and-update-role',
    "Move a reporter's articles to another reporter, then change the role",
    ReassignAndUpdateRoleSchema,
    users.reassignAndUpdateRole,
  );
  change(
    '/admin/reassign-and-delete-reporter',
    "Move a reporter's articles to another reporter, then delete the account",
    ReassignAndDeleteSchema,
    users.reassignAndDeleteReporter,
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
