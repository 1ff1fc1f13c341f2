// The audit trail on the wire: action names, what the Activity screen shows, and its query.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { pageOf } from './http.ts';

/**
 * Every act the trail records. Other domains call `record(tx, { action: ... })` from
 * server/audit/service.ts with one of these names.
 */
export const AUDIT_ACTIONS = {
  'article.approve': 'Approved an article',
  'article.reject': 'Rejected an article',
  'article.schedule': 'Scheduled an article',
  'article.unschedule': 'Unscheduled an article',
  'article.publish': 'Published a scheduled article',
  'article.edit': 'Edited an article',
  'article.delete': 'Deleted an article',
  'article.breaking': 'Marked breaking news',
  'article.breaking_clear': 'Cleared breaking news',
  'article.revision_restore': 'Restored a revision',
  'article.live_start': 'Made a story live',
  'article.live_end': 'Ended live coverage',
  'article.live_update_post': 'Posted a live update',
  'article.live_update_edit': 'Edited a live update',
  'article.live_update_delete': 'Deleted a live update',
  'article.note': 'Wrote a note on a story',
  'article.correction_add': 'Added a correction',
  'article.correction_remove': 'Removed a correction',
  'user.role_change': 'Changed a role',
  'user.delete': 'Deleted a user',
  'user.reassign': 'Reassigned articles',
  'user.password_reset': 'Issued a password reset link',
  'user.profile_update': 'Changed own profile',
  'auth.sign_in': 'Signed in',
  'auth.password_change': 'Changed own password',
  'auth.password_reset_used': 'Used a password reset link',
  'auth.totp_on': 'Turned two-step sign-in on',
  'auth.totp_off': 'Turned two-step sign-in off',
  'auth.recovery_code': 'Signed in with a recovery code',
  'auth.lockout': 'Sign-in locked after failures',
  'auth.sign_out_everywhere': 'Signed out everywhere else',
  'auth.email_change': 'Changed own e-mail address',
  'category.create': 'Created a category',
  'category.rename': 'Renamed a category',
  'category.delete': 'Deleted a category',
  'navigation.update': 'Changed the navigation bar',
  'featured.update': 'Changed the featured categories',
  'about.update': 'Changed About Us',
  'about.restore': 'Restored an earlier About Us',
  'ad.upload': 'Uploaded ads',
  'ad.update': 'Edited an ad',
  'ad.delete': 'Deleted an ad',
  'tag.rename': 'Renamed a tag',
  'tag.merge': 'Merged tags',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_MAX = 100;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AUDIT_MESSAGES = {
  invalidFrom: 'from must be a date (2026-11-24) or an ISO 8601 date and time.',
  invalidTo: 'to must be a date (2026-11-24) or an ISO 8601 date and time.',
  invalidAction: 'Unknown action.',
  fetchError: 'Error fetching activity: ',
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const whole = (fallback: number, max: number) =>
  z.preprocess(blank, z.coerce.number().int().min(0).max(max).catch(fallback).default(fallback));
/** A date alone means the whole day in India time (the newsroom's day); a date and time is taken as written. */
const when = (message: string, endOfDay: boolean) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
        const date = new Date(dayOnly ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}+05:30` : value);
        if (Number.isNaN(date.getTime()) || (!dayOnly && !/^\d{4}-\d{2}-\d{2}T/.test(value))) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return date;
      }),
  );

/** GET /api/admin/audit?page&size&actor&action&from&to */
export const AuditQuerySchema = z.object({
  page: whole(0, 1_000_000),
  size: whole(AUDIT_PAGE_SIZE, AUDIT_PAGE_MAX).transform((n) => n || AUDIT_PAGE_SIZE),
  actor: z.preprocess(blank, z.string().trim().max(100).optional()),
  action: z.preprocess(
    blank,
    z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], { error: AUDIT_MESSAGES.invalidAction }).optional(),
  ),
  from: when(AUDIT_MESSAGES.invalidFrom, false),
  to: when(AUDIT_MESSAGES.invalidTo, true),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const admin = routeGroup({ tags: ['audit'], access: ['ADMIN'] });

/** The Activity screen's API (contract/route.ts): read-only (no route edits or deletes an entry). */
export const AUDIT_ROUTES = {
  list: admin.get('/admin/audit', {
    summary: 'Activity log, newest first (filter by actor, action, from, to)',
    query: AuditQuerySchema,
    response: AuditPageSchema,
  }),
};
