// The typed HTTP boundary: zod schemas validate requests and shape responses, and the same schemas
// become the OpenAPI document at /api/openapi.json with a readable reference at /api/docs.
//
// Each /api route declares who may call it in `config.access`; this file turns that one declaration
// into both the guard that enforces it and the security entry that documents it, so the two cannot
// disagree. It also adds the error answers every guarded, parameterised or validated route can give.
import type { FastifyInstance, FastifyReply, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Access } from '../../contract/route.ts';
import { ErrorBody } from '../../contract/http.ts';
import { SITE_NAME } from '../../contract/site.ts';
import { requireRole, requireRoleDuringTotpSetup } from './guards.ts';

// Who may call a route (contract/route.ts); `duringTotpSetup` keeps it open to staff who must still
// turn on two-step sign-in (REQUIRE_STAFF_TOTP).
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    duringTotpSetup?: boolean;
  }
}

const SESSION_SCHEME = 'session';

/** Zod validates requests and serialises responses for every route that declares a schema. */
export function useZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * Turns `config.access` into the guard and the documented security, and documents the error answers.
 * Must be added before the routes it applies to are registered (an onRoute hook).
 */
export function applyAccess(api: FastifyInstance) {
  api.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined) return;
    const schema = (route.schema ??= {}) as FastifySchema & Record<string, unknown>;
    // GET's automatic HEAD twin shares the schema and arrives here too: guard it, document once.
    // Before validation: who may call is answered (401/403) before what they sent (400).
    if (access !== 'public' && !toArray(route.preValidation).some((h) => guards.has(h))) {
      const guard = route.config?.duringTotpSetup ? requireRoleDuringTotpSetup(...access) : requireRole(...access);
      guards.add(guard);
      route.preValidation = [guard, ...toArray(route.preValidation)];
    }
    if (documented.has(schema)) return;
    documented.add(schema);
    const response = (schema.response ??= {}) as Record<string | number, unknown>;
    const errors: number[] = [];
    if (schema.params || schema.querystring || schema.body || route.method !== 'GET') errors.push(400);
    // Writes from another site are refused whoever calls (server/http/origin.ts).
    if (route.method !== 'GET') errors.push(403);
    if (route.url.includes('/:')) errors.push(404);
    schema.operationId ??= operationId(String(route.method), route.url);
    if (access === 'public') {
      schema.security = [];
    } else {
      schema.security = [{ [SESSION_SCHEME]: [] }];
      schema['x-roles'] = [...access];
      const who = access.length === 3 ? 'Any signed-in user' : `Roles: ${access.join(', ')}`;
      schema.description = schema.description ? `${who}. ${String(schema.description)}` : `${who}.`;
      errors.push(401, 403);
    }
    for (const status of errors) response[status] ??= ErrorBody;
  });
}

const guards = new WeakSet<object>();
const documented = new WeakSet<object>();

/** `PUT /api/admin/articles/approve/:id` → `putAdminArticlesApproveById`. */
function operationId(method: string, url: string) {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `By${w.slice(1)[0].toUpperCase()}${w.slice(2)}` : w));
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The OpenAPI document and its reference page. Only /api routes are documented. */
export async function registerOpenApi(
  app: FastifyInstance,
  { sessionCookie, publicUrl }: { sessionCookie: string; publicUrl: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // Paths start with /api, so the site's own address is the server.
      servers: [{ url: publicUrl, description: SITE_NAME }],
      info: {
        title: 'Telugu news API',
        version: '1.0.0',
        description:
          'The JSON API behind the reading site, the reporter desk and the admin console. Errors are `{ message, errors? }`. ' +
          'Writes from a browser must come from the site itself (Origin check). Sign in with POST /api/auth/login: the answer sets the session cookie.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'Session cookie set by POST /api/auth/login.',
          },
        },
      },
    },
    transform: (input) => {
      // The SSR pages, media, feeds and the catch-all 404 are not part of the API.
      if (!input.url.startsWith('/api/') || input.url === '/api/*' || input.url.startsWith('/api/docs')) {
        return { schema: { ...input.schema, hide: true }, url: input.url };
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // No call to validator.swagger.io: the reference works offline and tells no one what it reads.
    uiConfig: { url: '/api/openapi.json', deepLinking: true, validatorUrl: null },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The schema registry writes an input and an output twin of every named schema, used or not; the
 * document keeps only the schemas an operation reaches (directly or through another schema).
 */
function withoutUnusedSchemas<T extends object>(doc: T): T {
  const { components } = doc as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return doc;
  const refs = (value: unknown) =>
    Array.from(JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g), (m) => decodeURIComponent(m[1]));
  const used = new Set<string>();
  let next = refs({ ...doc, components: { ...components, schemas: {} } });
  while (next.length) {
    const fresh = next.filter((name) => !used.has(name) && name in schemas);
    for (const name of fresh) used.add(name);
    next = fresh.flatMap((name) => refs(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...components, schemas: kept } };
}

/** X-Total-Count: how many items the whole list holds (the body is one page), readable by browser scripts. */
export function setTotalCount(reply: FastifyReply, total: number) {
  reply.header('x-total-count', String(total)).header('access-control-expose-headers', 'X-Total-Count');
}
