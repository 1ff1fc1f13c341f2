// Advertisements: limits and messages of docs/product.md
import { z } from 'zod';

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

export const AdDetailSchema = z.object({
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
});
export type AdDetail = z.infer<typeof AdDetailSchema>;
export const AdDetailsSchema = z.array(AdDetailSchema, { error: AD_MESSAGES.badDetails });

export const AdSchema = z
  .object({
    id: z.number(),
    imageUrl: z.string(),
    link: z.string().nullable(),
    durationInSeconds: z.number(),
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
