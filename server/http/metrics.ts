// GET /metrics in Prometheus text format: requests by route pattern and status with latency,
// the page cache, database query time and engine figures, and the process (event-loop delay,
// heap, resident memory). With METRICS_TOKEN set, `Authorization: Bearer <token>` is required from
// anywhere (a scraper behind the same proxy). Without it only loopback may read it, and never
// through a proxy: a TLS proxy on the same host makes every outside reader come from 127.0.0.1.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Services } from '../services.ts';
import type { RenderCache } from './page-cache/store.ts';
import { pageNameOf } from './ssr.ts';
import { compiled } from '../paths.ts';

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** Headers a proxy adds when it forwards a request: their presence says the loopback peer is not the reader. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Whether a request may have come through a proxy: one is configured, or it says so. */
export const throughProxy = (request: FastifyRequest, trustProxy: readonly string[]) =>
  trustProxy.length > 0 || FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);

function allowed(request: FastifyRequest, token: string | undefined, trustProxy: readonly string[]) {
  if (!token) return isLoopback(request.socket.remoteAddress) && !throughProxy(request, trustProxy);
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The route pattern, with the page catch-all named by the public page it served. */
function routeOf(request: FastifyRequest) {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  if (pattern !== '/*') return pattern;
  return pageNameOf(request) ?? 'other page';
}

export function registerMetrics(app: FastifyInstance, services: Services, cache: () => RenderCache | undefined) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  new Gauge({
    name: 'app_info',
    help: 'How this server runs: NODE_ENV (React development or production build) and compiled or TypeScript sources',
    labelNames: ['node_env', 'compiled', 'engine'] as const,
    registers: [registry],
  }).set({ node_env: process.env.NODE_ENV ?? '', compiled: String(compiled), engine: services.database.engine }, 1);
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const stats = () => services.database.stats();
  new Counter({
    name: 'db_queries_total',
    help: 'Database queries outside transactions',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().queries ?? 0);
    },
  });
  new Counter({
    name: 'db_query_seconds_total',
    help: 'Time spent in database queries outside transactions',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().querySeconds ?? 0);
    },
  });
  new Gauge({
    name: 'db_engine',
    help: 'Database engine figures: PGlite WebAssembly heap, or PostgreSQL pool connections',
    labelNames: ['name'] as const,
    registers: [registry],
    collect() {
      for (const [name, value] of Object.entries(stats().gauges)) this.set({ name }, value);
    },
  });
  type CacheFigures = Pick<RenderCache, 'hits' | 'misses' | 'evictions' | 'bytes' | 'size'>;
  const cacheFigure = (
    name: string,
    help: string,
    read: (c: CacheFigures) => number,
    type: 'counter' | 'gauge',
    of: () => CacheFigures | undefined = cache,
  ) => {
    const Metric = type === 'counter' ? Counter : Gauge;
    new Metric({
      name,
      help,
      registers: [registry],
      collect(this: Counter | Gauge) {
        const c = of();
        this.reset();
        if (c) (this as Gauge).inc(read(c));
      },
    });
  };
  cacheFigure('page_cache_hits_total', 'Pages served from the page cache', (c) => c.hits, 'counter');
  cacheFigure('page_cache_misses_total', 'Cacheable pages that had to be rendered', (c) => c.misses, 'counter');
  cacheFigure('page_cache_evictions_total', 'Pages dropped to stay within the byte bound', (c) => c.evictions, 'counter');
  cacheFigure('page_cache_bytes', 'Bytes held by the page cache', (c) => c.bytes, 'gauge');
  cacheFigure('page_cache_entries', 'Pages held by the page cache', (c) => c.size, 'gauge');
  const articles = () => services.articlePage.articles;
  cacheFigure('article_cache_hits_total', 'Article pages whose article was in memory', (c) => c.hits, 'counter', articles);
  cacheFigure(
    'article_cache_misses_total',
    'Article pages that read their article from the database',
    (c) => c.misses,
    'counter',
    articles,
  );
  cacheFigure('article_cache_bytes', 'Estimated bytes of the articles kept in memory', (c) => c.bytes, 'gauge', articles);

  new Counter({
    name: 'cdn_purges_total',
    help: 'Purges sent to the caches in front (server/cdn/), by purger; failed: still failing after its retries',
    labelNames: ['purger', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [purger, { ok, failed }] of services.cdn.counts) {
        this.inc({ purger, outcome: 'ok' }, ok);
        this.inc({ purger, outcome: 'failed' }, failed);
      }
    },
  });

  new Counter({
    name: 'mail_sent_total',
    help: 'Mails this instance handled (server/mail/): sent, retried later, failed (given up after its retries), undeliverable (a 5xx for the address)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(services.mailSender.counts)) this.inc({ outcome }, n);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: routeOf(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    const { metricsToken, trustProxy } = services.config;
    if (!allowed(request, metricsToken, trustProxy))
      return reply.status(metricsToken ? 401 : 403).send({
        message: metricsToken ? 'Not allowed' : 'Not allowed: behind a proxy /metrics needs METRICS_TOKEN (docs/operations.md)',
      });
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
