// Articles on the wire as zod schemas: the routes answer with them and the dashboards parse with
// them. Kept apart from ./articles.ts, whose constants the public bundles import without zod.
import { z } from 'zod';
import { APPROVAL_STATUSES, type Article, type ArticleImage } from './articles.ts';
import { pageOf, pageQuery, Timestamp } from './http.ts';
import { REVISION_FIELDS, REVISION_KINDS } from './drafts.ts';
import { TagRefSchema } from './tags.schema.ts';

export const ArticleImageSchema = z.object({
  id: z.number().optional(),
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
    summary: z.string().nullable().optional(),
    publicationDate: Timestamp,
    reporterName: z.string(),
    approvalStatus: z.enum(APPROVAL_STATUSES),
    rejectionReason: z.string().nullable().optional(),
    breakingUntil: Timestamp.nullable().optional(),
    district: z.string().nullable().optional(),
    liveSince: Timestamp.nullable().optional(),
    liveEndedAt: Timestamp.nullable().optional(),
    tags: z.array(TagRefSchema).optional(),
    updatedAt: Timestamp.optional(),
    version: z.number().int().optional().meta({ description: 'Staff answers only: grows by one with each saved change.' }),
    corrections: z.array(z.object({ text: z.string(), createdAt: Timestamp })).optional(),
    noteCount: z.number().optional(),
  })
  .meta({ id: 'Article' }) satisfies z.ZodType<Article>;

export const ArticleListSchema = z.array(ArticleSchema);

/** In lists that open each article by id: everything but the body. */
export const ArticleListItemSchema = ArticleSchema.omit({ content: true });

/** An admin's act on an article: what happened, and the article as it is now. */
export const ReviewResultSchema = z.object({ message: z.string(), article: ArticleSchema });

/** The admin's approved list: each article with its views (all time). */
export const ApprovedPageSchema = pageOf(ArticleSchema.extend({ views: z.number() }));

/** The reporter's approved list. */
export const ReporterApprovedPageSchema = z.object({ articles: ArticleListSchema, totalPages: z.number() });

/** A reporter's unfinished article: an article with its save version. */
export const DraftSchema = ArticleSchema.extend({ version: z.number(), updatedAt: Timestamp });

export const RevisionSummarySchema = z.object({
  id: z.number(),
  articleId: z.number(),
  kind: z.enum(REVISION_KINDS),
  createdAt: Timestamp,
  editor: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  restoredFromId: z.number().nullable(),
  changed: z.array(z.enum(REVISION_FIELDS)),
  correction: z.string().nullable().optional(),
});

export const RevisionSchema = RevisionSummarySchema.extend({
  title: z.string(),
  author: z.string(),
  content: z.string(),
  region: z.string().nullable(),
  youtubeVideoId: z.string().nullable(),
  categories: z.array(CategoryRefSchema),
  imageUrls: z.array(z.string()),
  /** Pictures of this revision that are no longer stored (removed from the article since). */
  imagesNoLongerStored: z.number().int().min(0),
});

export const ChangesSinceRejectionSchema = z.object({
  changes: z.object({ before: RevisionSchema, after: RevisionSchema }).nullable(),
});

export const ArticleListItemListSchema = z.array(ArticleListItemSchema);
export const DraftListSchema = z.array(DraftSchema);
export const RevisionSummaryListSchema = z.array(RevisionSummarySchema);

/** The admin's views per reporter. */
export const ReporterViewsSchema = z.object({
  reporterId: z.number(),
  reporterName: z.string(),
  articles: z.number(),
  views: z.number(),
});
export const ReporterViewsListSchema = z.array(ReporterViewsSchema);

/** Paging of the public lists (category, district, tag, author, search): 5 a page by default, at most 50. */
export const PUBLIC_PAGE_SIZE = 5;
export const PUBLIC_MAX_PAGE_SIZE = 50;
export const PublicPageQuery = pageQuery({ size: PUBLIC_PAGE_SIZE, maxSize: PUBLIC_MAX_PAGE_SIZE });
