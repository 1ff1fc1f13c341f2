// Newsletters (server/newsletter/): the morning digest 'ఉదయం వార్తలు' and breaking news by mail.
// Readers subscribe an address to lists (double opt-in: nothing is sent until the mailed link is
// followed); admins see the counts, the editions sent and tomorrow's digest.
import { z } from 'zod';
import { districtBySlug } from './districts.ts';
import { routeGroup } from './route-group.ts';
import { ErrorBody } from './http.ts';
import { EmailSchema } from './auth.ts';

export const NEWSLETTER_LISTS = ['daily', 'breaking'] as const;
export type NewsletterList = (typeof NEWSLETTER_LISTS)[number];
export const LIST_NAMES: Record<NewsletterList, string> = { daily: 'ఉదయం వార్తలు', breaking: 'బ్రేకింగ్ న్యూస్' };
/** A breaking-news mail at most this often per address. */
export const BREAKING_MAIL_GAP_MINUTES = 30;
/** The sign-up form's own paths (a plain HTML form: it works without JavaScript). */
export const NEWSLETTER_PATHS = {
  subscribe: '/newsletter/subscribe',
  confirm: (token: string) => `/newsletter/confirm/${token}`,
  unsubscribe: (token: string) => `/newsletter/unsubscribe/${token}`,
};

export const NEWSLETTER_MESSAGES = {
  asked: 'మీ ఈమెయిల్ చూడండి: చందా నిర్ధారించే లింక్ పంపాము. Check your inbox: follow the link we sent to confirm.',
  confirmed: 'చందా నిర్ధారించబడింది. Your subscription is confirmed.',
  unsubscribed: 'ఈ జాబితా నుంచి మీ చిరునామా తొలగించబడింది. You will get no more mail from this list.',
  unknown: 'ఈ లింక్ చెల్లదు. This link is not valid (perhaps you have already left the list).',
  lists: 'Choose at least one list: daily or breaking.',
  district: 'no such district',
  testSent: 'A test of tomorrow’s digest is on its way to your address.',
} as const;

export const SubscribeSchema = z.object({
  email: EmailSchema,
  lists: z
    .array(z.enum(NEWSLETTER_LISTS), { error: NEWSLETTER_MESSAGES.lists })
    .min(1, NEWSLETTER_MESSAGES.lists)
    .max(NEWSLETTER_LISTS.length)
    .transform((lists) => [...new Set(lists)]),
  district: z
    .string()
    .max(60)
    .refine((slug) => districtBySlug(slug) !== undefined, NEWSLETTER_MESSAGES.district)
    .optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeSchema>;
export const TokenSchema = z.object({ token: z.string().min(1).max(200) });
const Message = z.object({ message: z.string() });

const Counts = z.object({ confirmed: z.number(), pending: z.number(), undeliverable: z.number() });
export const NewsletterOverviewSchema = z.object({
  mailConfigured: z.boolean(),
  /** NEWSLETTER_DAILY_AT, India time. */
  dailyAt: z.string(),
  lists: z.object({ daily: Counts, breaking: Counts }),
  editions: z.array(
    z.object({
      id: z.number(),
      list: z.enum(NEWSLETTER_LISTS),
      key: z.string(),
      subject: z.string(),
      createdAt: z.string(),
      sent: z.number(),
      failed: z.number(),
      pending: z.number(),
    }),
  ),
  preview: z.object({
    subject: z.string(),
    groups: z.array(z.object({ name: z.string(), articles: z.array(z.object({ id: z.number(), title: z.string() })) })),
  }),
});
export type NewsletterOverview = z.infer<typeof NewsletterOverviewSchema>;

const anyone = routeGroup({ tags: ['newsletter'], access: 'public' });
const admin = routeGroup({ tags: ['newsletter'], access: ['ADMIN'] });
const limited = { 429: ErrorBody, 503: ErrorBody };

export const NEWSLETTER_ROUTES = {
  subscribe: anyone.post('/public/newsletter/subscriptions', {
    summary: 'Subscribe an address to lists: answers 202 and mails a confirmation link (double opt-in)',
    description:
      'The same answer whether the address was subscribed already or not. Limited per client address and per address; ' +
      '503 when the site has no mail (SMTP_URL).',
    body: SubscribeSchema,
    response: Message,
    status: 202,
    errors: limited,
  }),
  confirm: anyone.post('/public/newsletter/confirm', {
    summary: 'Confirm a subscription with the mailed token',
    body: TokenSchema,
    response: Message,
    errors: { 404: ErrorBody },
  }),
  unsubscribe: anyone.post('/public/newsletter/unsubscribe', {
    summary: 'Leave the list the token is for (no sign-in)',
    body: TokenSchema,
    response: Message,
    errors: { 404: ErrorBody },
  }),
  overview: admin.get('/admin/newsletter', {
    summary: 'Subscribers per list, the last editions, and a preview of tomorrow’s digest',
    response: NewsletterOverviewSchema,
  }),
  sendTest: admin.post('/admin/newsletter/test', {
    summary: 'Send a test of tomorrow’s digest to the admin’s own address',
    response: Message,
    status: 202,
    errors: { 503: ErrorBody },
  }),
};
