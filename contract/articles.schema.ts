// Articles on the wire as zod schemas: the routes answer with them and the dashboards parse with
// them. Kept apart from ./articles.ts, whose constants the public bundles import without zod.
import { z } from 'zod';
import { APPROVAL_STATUSES, type Article, type ArticleImage } from './articles.ts';
import { Timestamp } from './http.ts';

export const ArticleImageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  srcset: z.string(),
  shareUrl: z.string(),
}) satisfies z.ZodType<ArticleImage>;

export const CategoryRefSchema = z.object({ id: z.number(), name: z.string() });

export const ArticleSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    author: z.string(),
    content: z.string(),
    youtubeVideoId: z.string().nullable(),
    region: z.string().nullable(),
    categories: z.array(CategoryRefSchema),
    imageUrls: z.array(z.string()),
    images: z.array(ArticleImageSchema),
    shortDescription: z.string(),
    publicationDate: Timestamp,
    reporterName: z.string(),
    approvalStatus: z.enum(APPROVAL_STATUSES),
    rejectionReason: z.string().nullable().optional(),
    breakingUntil: Timestamp.nullable().optional(),
  })
  .meta({ id: 'Article' }) satisfies z.ZodType<Article>;

export const ArticleListSchema = z.array(ArticleSchema);

/** A page of a list: `content` plus the totals (also sent as X-Total-Count on public lists). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number(), totalPages: z.number() });
}
