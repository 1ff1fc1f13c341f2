// Cache-Control for caches in front: with a purger configured, a tagged public answer may be kept
// long by shared caches (`s-maxage`), since every change purges what it names; browsers keep their
// short `max-age`. Without a purger nothing changes.
import type { FastifyInstance } from 'fastify';
import type { CdnService } from './service.ts';

/** `public, max-age=60, ...` with `s-maxage=<seconds>` after `public`. */
export const withSharedMaxAge = (cacheControl: string, seconds: number) =>
  cacheControl.replace(/^public\b/, `public, s-maxage=${seconds}`);

export function registerCdn(app: FastifyInstance, cdn: CdnService, maxAge: number) {
  app.addHook('onClose', async () => cdn.stop());
  if (!cdn.configured) return;
  app.addHook('onSend', async (_request, reply, payload) => {
    const control = reply.getHeader('cache-control');
    if (
      reply.hasHeader('surrogate-key') &&
      typeof control === 'string' &&
      control.startsWith('public') &&
      !control.includes('s-maxage')
    )
      reply.header('cache-control', withSharedMaxAge(control, maxAge));
    return payload;
  });
}
