// The security headers of every answer: helmet's set with the site's Content-Security-Policy, the
// hashes of a rendered page's own inline scripts added to it, and the document-level policies left
// off what cannot be a document (scripts, styles, pictures).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** Set by app/entry.server.tsx on every rendered page (a plain string here: the app bundle is separate). */
const SCRIPT_HASHES_HEADER = 'x-csp-script-hashes';

/**
 * Document-level policies (CSP, framing, opener) mean nothing on a script or an image, and a page
 * loads dozens of them: bytes that phones would download for nothing.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'env' | 'media' | 'secureCookies'>) {
  // Built once: @fastify/helmet rebuilt the middleware (and re-parsed the CSP) for every request,
  // a measurable share of a cached page's CPU (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router's inline scripts (hydration data, module loader) are allowed by their hashes,
        // added per page below; Vite's development server injects scripts of its own.
        scriptSrc: config.env === 'development' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // MEDIA_PUBLIC_URL: pictures from the CDN (or bucket) in front of the media storage.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // The policy with a page's script hashes, by hashes: pages share the same few scripts, so the
  // policy is not rewritten for each answer.
  const policyWithHashes = new Map<string, { base: string; policy: string }>();
  app.addHook('onSend', async (request, reply, payload) => {
    // A rendered page names the hashes of its inline scripts (app/entry.server.tsx): only those run.
    const hashes = reply.getHeader(SCRIPT_HASHES_HEADER);
    if (hashes !== undefined) {
      reply.removeHeader(SCRIPT_HASHES_HEADER);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && hashes) {
        const key = String(hashes);
        let known = policyWithHashes.get(key);
        if (known?.base !== csp) {
          known = { base: csp, policy: csp.replace(/(^|;)script-src 'self'(?=;|$)/, `$1script-src 'self' ${key}`) };
          if (policyWithHashes.size >= 100) policyWithHashes.clear();
          policyWithHashes.set(key, known);
        }
        reply.header('content-security-policy', known.policy);
      }
    }
    // Only for what cannot be a document: an HTML 404 page under these paths keeps its CSP and
    // frame protection (it is a page an attacker could frame or inject into like any other).
    if (
      (request.url.startsWith('/assets/') || request.url.startsWith('/media/')) &&
      !/html|xml|svg/i.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
}
