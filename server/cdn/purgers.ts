// The purgers of caches in front of the product, behind one small interface: each drops what
// carries any of the given tags. Varnish by its xkey vmod (deploy/varnish/default.vcl), Fastly by
// its surrogate-key purge API, Cloudflare by its purge-by-tag API.

export type Purger = {
  /** For logs and metrics: which cache (`varnish <host:port>`, `fastly`, `cloudflare`). */
  name: string;
  /** Resolves once the cache has accepted the purge; rejects on any failure (the caller retries). */
  purge(tags: readonly string[]): Promise<void>;
};

/** A purge that takes longer than this is counted as failed and tried again. */
const TIMEOUT_MS = 10_000;

/** At most `size` tags per request (each API has its limit; Varnish's is its request header length). */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function send(name: string, url: string, init: RequestInit) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** The header a purge carries its secret in (deploy/varnish/default.vcl checks it). */
export const PURGE_TOKEN_HEADER = 'purge-token';

/**
 * `PURGE /` with an `xkey` header listing the tags, to one Varnish, with the purge secret when one
 * is set (the shipped VCL then refuses a purge without it, from any address).
 */
export function createVarnishPurger(url: string, token?: string): Purger {
  const name = `varnish ${new URL(url).host}`;
  const secret: Record<string, string> = token ? { [PURGE_TOKEN_HEADER]: token } : {};
  return {
    name,
    async purge(tags) {
      for (const batch of chunks(tags, 100))
        await send(name, url, { method: 'PURGE', headers: { ...secret, xkey: batch.join(' ') } });
    },
  };
}

/** Fastly's bulk purge by surrogate key: `POST /service/{id}/purge` with `{"surrogate_keys": [...]}` (up to 256). */
export function createFastlyPurger({
  token,
  serviceId,
  apiUrl = 'https://api.fastly.com',
}: {
  token: string;
  serviceId: string;
  apiUrl?: string;
}): Purger {
  const url = `${apiUrl}/service/${encodeURIComponent(serviceId)}/purge`;
  return {
    name: 'fastly',
    async purge(tags) {
      for (const batch of chunks(tags, 256))
        await send('fastly', url, {
          method: 'POST',
          headers: { 'fastly-key': token, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ surrogate_keys: batch }),
        });
    },
  };
}

/** Cloudflare's purge by cache tag: `POST /zones/{id}/purge_cache` with `{"tags": [...]}` (30 a request). */
export function createCloudflarePurger({
  token,
  zoneId,
  apiUrl = 'https://api.cloudflare.com/client/v4',
}: {
  token: string;
  zoneId: string;
  apiUrl?: string;
}): Purger {
  const url = `${apiUrl}/zones/${encodeURIComponent(zoneId)}/purge_cache`;
  return {
    name: 'cloudflare',
    async purge(tags) {
      for (const batch of chunks(tags, 30)) {
        const text = await send('cloudflare', url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: batch }),
        });
        // The API answers 200 with `success: false` for some refusals.
        let success = false;
        try {
          success = (JSON.parse(text) as { success?: boolean }).success === true;
        } catch {
          // not JSON: a failure
        }
        if (!success) throw new Error(`cloudflare: purge not accepted: ${text.slice(0, 200)}`);
      }
    },
  };
}
