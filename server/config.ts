// Configuration from the environment, validated once at start.
import { mkdir } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SITE_NAME } from '../contract/site.ts';

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['0', '1']).transform((v) => v === '1');
/** Comma-separated items, each trimmed (and put through `each`); blank ones left out. */
const commaList = (each: (item: string) => string = (item) => item) =>
  z.string().transform((v) =>
    v
      .split(',')
      .map((item) => each(item.trim()))
      .filter(Boolean),
  );
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

const EnvSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: httpUrl.optional(),
    ADMIN_USERNAME: z.string().trim().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    SEED_DEMO: flag.optional(),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    TRUST_PROXY: commaList()
      .refine((list) => list.every(isProxyAddress), 'must be a comma-separated list of IP addresses or CIDR ranges')
      .optional(),
    SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(365).default(14),
    REQUIRE_STAFF_TOTP: flag.optional(),
    MOST_READ_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BACKUP_DIR: z.string().min(1).default('./backups'),
    BACKUP_EVERY: z
      .string()
      .regex(/^[1-9][0-9]*(m|h|d)$/, 'must be a number followed by m, h or d, e.g. 6h')
      .transform((v) => Number.parseInt(v, 10) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as 'm' | 'h' | 'd'])
      .optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
    RENDER_CACHE: z.enum(['on', 'off']).default('on'),
    ARTICLE_CACHE: z.enum(['on', 'off']).default('on'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // A CDN or Varnish in front (server/cdn/): where content changes are purged by tag.
    PURGE_VARNISH_URLS: commaList()
      .refine(
        (list) => list.every((u) => /^https?:\/\/[^/]/.test(u) && URL.canParse(u)),
        'must be a comma-separated list of http(s) URLs',
      )
      .optional(),
    // The secret each purge carries to Varnish (its VCL compares it with its own PURGE_TOKEN).
    PURGE_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 visible ASCII characters (no spaces)')
      .optional(),
    FASTLY_API_TOKEN: z.string().min(1).optional(),
    FASTLY_SERVICE_ID: z.string().min(1).optional(),
    CLOUDFLARE_API_TOKEN: z.string().min(1).optional(),
    CLOUDFLARE_ZONE_ID: z.string().min(1).optional(),
    CDN_MAX_AGE: z.coerce.number().int().min(60).max(31_536_000).default(86_400),
    PUSH_ENDPOINT_HOSTS: commaList((host) => host.toLowerCase())
      .refine(
        (list) => list.length > 0 && list.every(isPushHostPattern),
        'must be a comma-separated list of host names, each optionally starting with *. (e.g. fcm.googleapis.com,*.notify.windows.com)',
      )
      .optional(),
    PUSH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    PUSH_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(100_000_000).default(500_000),
    PUSH_CONTACT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
    // Mail (server/mail/): the SMTP server it goes through, whom it is from, and how fast it goes out.
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.com:587')
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(
        (v) => parseMailbox(v) !== undefined,
        'must be an address, optionally with a name: "తెలుగు వార్తలు <news@example.com>"',
      )
      .transform((v) => parseMailbox(v)!)
      .optional(),
    MAIL_RATE: z.coerce.number().min(0.1).max(10_000).default(10),
    NEWSLETTER_DAILY_AT: z
      .string()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day HH:MM (India time), e.g. 07:00')
      .default('07:00'),
    MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
    MEDIA_PUBLIC_URL: httpUrl.optional(),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
      .optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
  })
  .refine((e) => !e.ADMIN_PASSWORD || e.ADMIN_USERNAME, {
    message: 'ADMIN_PASSWORD is set but ADMIN_USERNAME is not',
    path: ['ADMIN_USERNAME'],
  })
  .refine((e) => !e.FASTLY_API_TOKEN === !e.FASTLY_SERVICE_ID, {
    message: 'FASTLY_API_TOKEN and FASTLY_SERVICE_ID go together',
    path: ['FASTLY_SERVICE_ID'],
  })
  .refine((e) => !e.CLOUDFLARE_API_TOKEN === !e.CLOUDFLARE_ZONE_ID, {
    message: 'CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID go together',
    path: ['CLOUDFLARE_ZONE_ID'],
  })
  .refine((e) => e.MEDIA_STORAGE !== 's3' || e.S3_BUCKET, {
    message: 'MEDIA_STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT unless the bucket is on AWS)',
    path: ['S3_BUCKET'],
  })
  .refine((e) => !e.S3_SECRET_ACCESS_KEY || e.S3_ACCESS_KEY_ID, {
    message: 'S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

/**
 * The push services readers' browsers use (Chrome, Firefox, Safari, Edge): subscriptions are
 * accepted only on these hosts, and pushes go nowhere else (docs/security.md).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/** A host name, or `*.` and a domain of at least two labels (a wildcard matches one or more labels in front). */
function isPushHostPattern(value: string): boolean {
  const name = value.startsWith('*.') ? value.slice(2) : value;
  if (value.startsWith('*.') && !name.includes('.')) return false;
  if (name === '[::1]') return !value.startsWith('*.');
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name);
}

function isSmtpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

/** `news@example.com`, `<news@example.com>` or `Name <news@example.com>` (the name may be quoted). */
export function parseMailbox(value: string): { name: string | undefined; address: string } | undefined {
  const address = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
  const trimmed = value.trim();
  if (address.test(trimmed)) return { name: undefined, address: trimmed };
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  if (!match || !address.test(match[2])) return undefined;
  const name = match[1]
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (/["<>\r\n]/.test(name)) return undefined;
  return { name: name || undefined, address: match[2] };
}

/** An address or CIDR range of a proxy (what Fastify's trustProxy list accepts). */
function isProxyAddress(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

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
  /** Proxies whose X-Forwarded-For is believed; empty: the header is ignored. */
  trustProxy: string[];
  /** A session unused for this long ends (on top of its absolute lifetime). */
  sessionIdleMs: number;
  /** Staff (ADMIN, REPORTER) must turn on two-step sign-in before they can work. */
  requireStaffTotp: boolean;
  /** The session cookie's name: `__Host-` prefixed over https (no Domain, Path=/, Secure). */
  sessionCookie: string;
  /** Where `npm run backup` and the scheduled backups write archives. */
  backup: { dir: string; everyMs: number | undefined; keep: number };
  /** How often the most-read ranking is recomputed (cached pages showing it follow). */
  mostReadRefreshSeconds: number;
  /** The page cache (RENDER_CACHE=off renders every request: for measuring and debugging). */
  renderCache: boolean;
  /** Articles kept in memory for their pages (ARTICLE_CACHE=off reads each one every time: for measuring). */
  articleCache: boolean;
  /**
   * GET /metrics: with it, `Authorization: Bearer <token>` from anywhere; without it, loopback only
   * and never through a proxy (TRUST_PROXY set, or a forwarding header on the request).
   */
  metricsToken: string | undefined;
  /**
   * Caches in front (server/cdn/): Varnish purge URLs, Fastly and Cloudflare credentials, and how
   * long shared caches keep public answers when a purger is configured (`s-maxage`).
   */
  cdn: {
    varnishUrls: string[];
    /** Sent with each PURGE to Varnish (`Purge-Token`), which refuses a purge without it. */
    purgeToken: string | undefined;
    fastly: { token: string; serviceId: string } | undefined;
    cloudflare: { token: string; zoneId: string } | undefined;
    maxAge: number;
  };
  /**
   * Web Push: the push-service hosts subscriptions may name, the contact the VAPID token gives them,
   * subscription changes a minute per client address, and how many subscriptions are stored at most.
   */
  push: { endpointHosts: string[]; contact: string; rateLimit: number; maxSubscriptions: number };
  media: MediaConfig;
  mail: MailConfig;
};

export type MailConfig = {
  /** SMTP_URL; undefined: no mail is sent or queued, and the screens that need it say so. */
  smtpUrl: string | undefined;
  from: { name: string | undefined; address: string };
  /** Mails a second at most from one instance. */
  ratePerSecond: number;
  /** When the morning digest goes out, India time. */
  dailyAt: { hour: number; minute: number };
};

/** An S3-compatible bucket (AWS, MinIO, R2, ...). Without keys the SDK's own chain is used (AWS_* variables, an instance role). */
export type S3Settings = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export type MediaConfig = {
  /** Where uploaded pictures are kept: DATA_DIR/media, or the bucket (server/media/storage.ts). */
  storage: 'local' | 's3';
  /** The bucket's settings whenever S3_BUCKET is set (`npm run media:migrate` reads them in local mode too). */
  s3: S3Settings | undefined;
  /** MEDIA_PUBLIC_URL: pages and the API link pictures there (a CDN or the bucket's own address); else /media/ on this site. */
  publicUrl: string | undefined;
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
    // An SMTP URL's password is not for the log.
    const shown = String(known[name] ?? '').replace(/^(smtps?:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(shown)}: ${issue.message}`);
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
    trustProxy: e.TRUST_PROXY ?? [],
    sessionIdleMs: e.SESSION_IDLE_DAYS * 86_400_000,
    requireStaffTotp: e.REQUIRE_STAFF_TOTP ?? false,
    sessionCookie: publicUrl.startsWith('https://') ? '__Host-sid' : 'sid',
    backup: { dir: path.resolve(e.BACKUP_DIR), everyMs: e.BACKUP_EVERY, keep: e.BACKUP_KEEP },
    mostReadRefreshSeconds: e.MOST_READ_REFRESH_SECONDS,
    renderCache: e.RENDER_CACHE === 'on',
    articleCache: e.ARTICLE_CACHE === 'on',
    metricsToken: e.METRICS_TOKEN,
    cdn: {
      varnishUrls: e.PURGE_VARNISH_URLS ?? [],
      purgeToken: e.PURGE_TOKEN,
      fastly: e.FASTLY_API_TOKEN ? { token: e.FASTLY_API_TOKEN, serviceId: e.FASTLY_SERVICE_ID! } : undefined,
      cloudflare: e.CLOUDFLARE_API_TOKEN ? { token: e.CLOUDFLARE_API_TOKEN, zoneId: e.CLOUDFLARE_ZONE_ID! } : undefined,
      maxAge: e.CDN_MAX_AGE,
    },
    push: {
      endpointHosts: e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
      // Push services want a way to reach the sender: an https site address, else a mailbox at its host.
      contact: e.PUSH_CONTACT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:push@${new URL(publicUrl).hostname}`),
      rateLimit: e.PUSH_RATE_LIMIT,
      maxSubscriptions: e.PUSH_MAX_SUBSCRIPTIONS,
    },
    media: {
      storage: e.MEDIA_STORAGE,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
      publicUrl: e.MEDIA_PUBLIC_URL,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? { name: SITE_NAME, address: `news@${new URL(publicUrl).hostname}` },
      ratePerSecond: e.MAIL_RATE,
      dailyAt: { hour: Number(e.NEWSLETTER_DAILY_AT.slice(0, 2)), minute: Number(e.NEWSLETTER_DAILY_AT.slice(3)) },
    },
  };
}

/**
 * Creates DATA_DIR (and any missing parent) for the owner alone: it holds the database, whose
 * rows include password hashes and two-step sign-in secrets. An existing folder keeps its mode
 * (an operator may have opened the media folder to a web server on purpose).
 */
export async function ensureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
}
