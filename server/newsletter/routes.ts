// Newsletter API (contract/newsletter.ts): subscribing (limited per client address, as sign-in is),
// confirming and leaving with the mailed token, and the admin's overview and test mail.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { currentUser } from '../http/guards.ts';
import { NEWSLETTER_MESSAGES, NEWSLETTER_ROUTES as routes } from '../../contract/newsletter.ts';

export async function newsletterRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { newsletter, config } = services;
  app.addHook('onRoute', (options) => {
    if (options.config?.apiRoute !== routes.subscribe) return;
    const hooks = options.onRequest ? [options.onRequest].flat() : [];
    options.onRequest = [app.rateLimit({ max: config.authRateLimit, timeWindow: '1 minute' }), ...hooks];
  });

  serve(app, routes.subscribe, async (request) => {
    await newsletter.subscribe(request.body);
    return { message: NEWSLETTER_MESSAGES.asked };
  });
  serve(app, routes.confirm, async (request) => newsletter.confirm(request.body.token));
  serve(app, routes.unsubscribe, async (request) => newsletter.unsubscribe(request.body.token));
  serve(app, routes.overview, async () => newsletter.overview());
  serve(app, routes.sendTest, async (request) => {
    await newsletter.sendTest(currentUser(request).email);
    return { message: NEWSLETTER_MESSAGES.testSent };
  });
}
