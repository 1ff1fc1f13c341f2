// Advertisements: limits, messages (docs/product.md, Ad Management) and the ads API's routes.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { Timestamp, TOO_LARGE } from './http.ts';

export const MAX_ADS_PER_UPLOAD = 5;
export const AD_DEFAULT_DURATION = 5;
export const AD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AD_LINK_MAX = 2000;

export const AD_MESSAGES = {
  uploaded: 'Ads uploaded successfully.',
  deleted: 'Ad deleted successfully.',
  uploadFailed: 'Upload failed',
  fetchFailed: 'Failed to fetch ads',
  deleteFailed: 'Failed to delete ad.',
  confirmDelete: 'Are you sure you want to delete this ad?',
  noneSelected: 'Please select valid ad images (JPEG, PNG, GIF, WEBP, max 2MB each).',
  notAllowed: (file: string) => `File "${file}" is not an allowed image type (JPEG, PNG, GIF, WEBP).`,
  tooLarge: (file: string) => `File "${file}" exceeds the maximum size of 2MB.`,
  dropped: (n: number) =>
    `Only ${MAX_ADS_PER_UPLOAD} ads can be uploaded at a time; ${n} extra ${n === 1 ? 'file was' : 'files were'} dropped.`,
  duration: 'Duration must be a whole number of seconds, at least 1.',
  link: 'Link must be a valid http(s) URL.',
  badDetails: 'adDetails must be a JSON array of { durationInSeconds, link }.',
  notFound: 'Ad not found.',
  updated: 'Ad updated successfully.',
  updateFailed: 'Failed to update ad.',
  startsAt: 'Start must be a date and time.',
  endsAt: 'End must be a date and time.',
  endBeforeStart: 'End must be after start.',
} as const;

/** A link is optional; when given it must be an absolute http(s) URL (no javascript: etc.). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A blank start or end is none: the ad shows from its upload, or until it is deleted. */
const moment = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? null : v),
    z.iso.datetime({ offset: true, error: message }).nullable(),
  );

/**
 * One ad's details (an upload's entry, or an edit): duration, optional link, and the optional
 * window in which readers see it (ISO 8601 with a zone; the screen sends India time).
 */
export const AdDetailSchema = z
  .object({
    durationInSeconds: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? AD_DEFAULT_DURATION : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: AD_MESSAGES.duration })
        .int(AD_MESSAGES.duration)
        .min(1, AD_MESSAGES.duration)
        .max(86_400, AD_MESSAGES.duration),
    ),
    link: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
      z.string({ error: AD_MESSAGES.link }).max(AD_LINK_MAX, AD_MESSAGES.link).refine(isHttpUrl, AD_MESSAGES.link).nullable(),
    ),
    startsAt: moment(AD_MESSAGES.startsAt),
    endsAt: moment(AD_MESSAGES.endsAt),
  })
  .superRefine((ad, ctx) => {
    if (ad.startsAt && ad.endsAt && Date.parse(ad.endsAt) <= Date.parse(ad.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: AD_MESSAGES.endBeforeStart });
  });
export type AdDetail = z.infer<typeof AdDetailSchema>;
export const AdDetailsSchema = z.array(AdDetailSchema, { error: AD_MESSAGES.badDetails });

export const AdSchema = z
  .object({
    id: z.number(),
    imageUrl: z.string(),
    link: z.string().nullable(),
    durationInSeconds: z.number(),
    /** Readers see the ad from this moment (null: from its upload) ... */
    startsAt: Timestamp.nullable(),
    /** ... until this one (null: until it is deleted). */
    endsAt: Timestamp.nullable(),
    width: z.number(),
    height: z.number(),
  })
  .meta({ id: 'Ad' });
export type Ad = z.infer<typeof AdSchema>;
export const AdUploadResultSchema = z.object({
  message: z.string(),
  ads: z.array(AdSchema),
  dropped: z.number(),
  /** Present when files past the fifth were dropped. */
  notice: z.string().optional(),
});
export type AdUploadResult = Omit<z.infer<typeof AdUploadResultSchema>, 'notice'>;
export const MessageSchema = z.object({ message: z.string() });

export const AdListSchema = z.array(AdSchema);

/** Upload's multipart fields: `adDetails`, a JSON array matched to the `images` files by index. */
export const AdUploadFieldsSchema = z.object({ adDetails: AdDetailsSchema.optional() });

/** Whether readers see the ad at `now`: within its window (a missing end means no end). */
export function inWindow(ad: Pick<Ad, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const t = now.getTime();
  return (!ad.startsAt || Date.parse(ad.startsAt) <= t) && (!ad.endsAt || t < Date.parse(ad.endsAt));
}

const tags = ['ads'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });

/** The ads API (contract/route.ts). */
export const AD_ROUTES = {
  publicList: reader.get('/public/ads', {
    summary: 'Ads readers see now (within their start and end), in rotation order',
    response: AdListSchema,
  }),
  adminList: admin.get('/admin/ads', { summary: 'Every ad, for the admin (shown now or not)', response: AdListSchema }),
  upload: admin.post('/admin/ads', {
    summary: 'Upload up to 5 ads',
    description:
      'multipart/form-data: repeated `images` files (JPG, PNG, WEBP, GIF; 2 MB each) and `adDetails`, a JSON array of ' +
      '`{ durationInSeconds, link, startsAt, endsAt }` in the same order. Files past the fifth are dropped and counted in `dropped`.',
    multipart: { fields: AdUploadFieldsSchema, files: ['images'] },
    response: AdUploadResultSchema,
    status: 201,
    errors: TOO_LARGE,
  }),
  update: admin.put('/admin/ads/:id', {
    summary: 'Edit an ad: its duration, link, start and end (the picture stays)',
    body: AdDetailSchema,
    response: AdSchema,
  }),
  remove: admin.delete('/admin/ads/:id', { summary: 'Delete an ad', response: MessageSchema }),
};
