// Mail as admins see it (server/mail/): whether the site can send, and what is waiting or failed.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';

export const MailStatusSchema = z.object({
  /** SMTP_URL is set. */
  configured: z.boolean(),
  pending: z.number(),
  /** Given up after the retries. */
  failed: z.number(),
  /** Addresses a mail server refused for good (5xx): nothing more is sent to them. */
  undeliverable: z.number(),
  recentFailures: z.array(z.object({ to: z.string(), kind: z.string(), error: z.string(), at: z.string() })),
  undeliverableAddresses: z.array(z.object({ address: z.string(), reason: z.string(), at: z.string() })),
});
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MAIL_MESSAGES = {
  notConfigured: 'ఈ సైట్‌లో మెయిల్ ఏర్పాటు కాలేదు (SMTP_URL): ఇప్పుడు ఈమెయిల్ పంపలేము. Mail is not set up on this site.',
} as const;

const admin = routeGroup({ tags: ['mail'], access: ['ADMIN'] });

export const MAIL_ROUTES = {
  status: admin.get('/admin/mail', {
    summary: 'Mail: configured or not, pending, failed and undeliverable',
    response: MailStatusSchema,
  }),
};
