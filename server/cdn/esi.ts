// Shared parts through Varnish: when the request comes through a Varnish that does ESI (its VCL
// says so with `Surrogate-Capability`), a page's shared-part slots hold `<esi:include>`s of
// /_shared/<slot> instead of the parts themselves. Varnish keeps pages and fragments apart, so a
// change purges the fragments (tag `shared`) and every page shows the new ticker, while pages
// whose own content did not change stay in its cache (deploy/varnish/default.vcl).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const FRAGMENT_PATH = '/_shared/';

/**
 * Only with a Varnish configured (PURGE_VARNISH_URLS): a client that sent the header itself
 * through another cache must not get, and have that cache keep, a page of includes.
 */
export function wantsEsi(request: FastifyRequest, config: Pick<Config, 'cdn'>): boolean {
  return config.cdn.varnishUrls.length > 0 && /\bESI\/1\.0\b/.test(String(request.headers['surrogate-capability'] ?? ''));
}

export const esiInclude = (slot: string) => Buffer.from(`<esi:include src="${FRAGMENT_PATH}${slot}"/>`);
