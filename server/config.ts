// Configuration from the environment (DESIGN.md §3), validated once at start.
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['0', '1']).transform((v) => v === '1');

const EnvSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    ADMIN_USERNAME: z.string().trim().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    SEED_DEMO: flag.optional(),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RENDER_CACHE: z.enum(['on', 'off']).default('on'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  })
  .refine((e) => !e.ADMIN_PASSWORD || e.ADMIN_USERNAME, {
    message: 'ADMIN_PASSWORD is set but ADMIN_USERNAME is not',
    path: ['ADMIN_USERNAME'],
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  admin: { username: string; password: string | undefined; email: string | undefined } | undefined;
  /** undefined: decide at start (seed an empty embedded database). */
  seedDemo: boolean | undefined;
  env: 'production' | 'development' | 'test';
  logLevel: string;
  secureCookies: boolean;
  /** Login and register attempts per minute per client address. */
  authRateLimit: number;
  /** The page cache (RENDER_CACHE=off renders every request: for measuring and debugging). */
  renderCache: boolean;
  /** GET /metrics: loopback only without it; with it, `Authorization: Bearer <token>` from anywhere. */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {}

/** Reads only the variables we know; the first problem becomes one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = EnvSchema.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(known[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    admin: e.ADMIN_USERNAME ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL } : undefined,
    seedDemo: e.SEED_DEMO,
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    secureCookies: publicUrl.startsWith('https://'),
    authRateLimit: e.AUTH_RATE_LIMIT,
    renderCache: e.RENDER_CACHE === 'on',
    metricsToken: e.METRICS_TOKEN,
  };
}
