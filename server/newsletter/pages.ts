// The newsletter's own small pages, outside the app: they must work from a mail client and without
// JavaScript. The sign-up form on the site posts here (a plain HTML form); the confirmation and
// unsubscribe links open a page whose one button posts (a mail scanner opening links changes
// nothing); and a mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`) ends the list at once.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services.ts';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PATHS, SubscribeSchema } from '../../contract/newsletter.ts';
import { HttpError } from '../http/errors.ts';
import { escapeHtml, mailPage } from '../mail/templates.ts';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // same-origin, not no-referrer: with no-referrer the browser's form post says Origin: null, which the origin check refuses.
      .header('referrer-policy', 'same-origin')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(mailPage(title, `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p><a href="/">హోమ్ పేజీ (Home)</a></p>`))
  );
}

const button = (action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:12px 20px;font-size:16px">${escapeHtml(label)}</button></form>`;

export async function newsletterPages(app: FastifyInstance, { services }: { services: Services }) {
  const { newsletter } = services;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );
  const form = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());
  const outcome = async (reply: FastifyReply, work: () => Promise<{ message: string }>, title: string) => {
    try {
      return page(reply, 200, title, `<p>${escapeHtml((await work()).message)}</p>`);
    } catch (error) {
      if (error instanceof HttpError) return page(reply, error.status, title, `<p>${escapeHtml(error.message)}</p>`);
      throw error;
    }
  };

  const limit = app.rateLimit({ max: services.config.authRateLimit, timeWindow: '1 minute' });
  app.post(NEWSLETTER_PATHS.subscribe, { onRequest: limit }, async (request, reply) => {
    const fields = form(request.body);
    const parsed = SubscribeSchema.safeParse({
      email: fields.get('email') ?? '',
      lists: fields.getAll('lists'),
      district: fields.get('district') || undefined,
    });
    const title = 'వార్తాలేఖ చందా (Newsletter)';
    if (!parsed.success) return page(reply, 400, title, `<p>${escapeHtml(parsed.error.issues[0].message)}</p>`);
    return outcome(
      reply,
      async () => {
        await newsletter.subscribe(parsed.data);
        return { message: NEWSLETTER_MESSAGES.asked };
      },
      title,
    );
  });

  app.get<{ Params: { token: string } }>('/newsletter/confirm/:token', async (request, reply) =>
    page(reply, 200, 'చందా నిర్ధారణ (Confirm)', button(NEWSLETTER_PATHS.confirm(request.params.token), 'చందా నిర్ధారించండి')),
  );
  app.post<{ Params: { token: string } }>('/newsletter/confirm/:token', async (request, reply) =>
    outcome(reply, () => newsletter.confirm(request.params.token), 'చందా నిర్ధారణ (Confirm)'),
  );
  app.get<{ Params: { token: string } }>('/newsletter/unsubscribe/:token', async (request, reply) =>
    page(reply, 200, 'చందా రద్దు (Unsubscribe)', button(NEWSLETTER_PATHS.unsubscribe(request.params.token), 'చందా రద్దు చేయండి')),
  );
  // The page's button, and a mail client's one-click POST (RFC 8058), alike.
  app.post<{ Params: { token: string } }>('/newsletter/unsubscribe/:token', async (request, reply) =>
    outcome(reply, () => newsletter.unsubscribe(request.params.token), 'చందా రద్దు (Unsubscribe)'),
  );
}
