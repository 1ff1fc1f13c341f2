// Drafts (an unfinished article only its author sees) and revision history: request shapes, wire
// shapes and messages shared by the server and the browser.
import { z } from 'zod';
import type { Article } from './articles.ts';
import { MAX_ARTICLE_IMAGES, YOUTUBE_ID } from './articles.ts';
import { districtField, ImageOrderEntrySchema, optionalVideoId, summaryField } from './article-form.ts';
import { TagsFieldSchema } from './tags.schema.ts';

export const DRAFT_MESSAGES = {
  notFound: 'Draft not found.',
  versionRequired: 'The draft version you last saw is required.',
  stale: 'This draft was saved elsewhere (another tab or device) after you opened it.',
  saved: 'Saved',
  saving: 'Saving…',
  notSaved: (reason: string) => `Not saved: ${reason}`,
  offline: 'the server cannot be reached; your text is kept in this browser',
  restored: 'Revision restored.',
  revisionNotFound: 'Revision not found.',
} as const;

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * The `article` part of a draft save. Nothing is required (an unfinished article), but what is
 * there must be storable: lengths, existing categories, a well-formed video id.
 * `imageUrls` (optional) lists the stored images to keep, in order; absent keeps them all. Newly
 * uploaded `images` files are added after them, unless `imageOrder` places them.
 */
export const DraftSaveSchema = z.object({
  version: z.coerce.number().int().min(1).optional(),
  title: text(300),
  author: text(120),
  content: text(500_000),
  region: text(120),
  district: districtField,
  youtubeVideoId: optionalVideoId.refine((v) => v === null || YOUTUBE_ID.test(v), 'Invalid YouTube video ID format.'),
  summary: summaryField,
  categoryIds: z
    .array(z.coerce.number().int().positive())
    .max(20)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  /** Absent: the draft keeps its tags. */
  tags: TagsFieldSchema.optional(),
  imageUrls: z.array(z.string().max(500)).max(20).optional(),
  /** As on an article's edit: kept images and `{ upload: n }` in order; when given it wins over imageUrls. */
  imageOrder: z
    .array(ImageOrderEntrySchema)
    .max(MAX_ARTICLE_IMAGES * 2)
    .optional(),
});
export type DraftSaveInput = z.infer<typeof DraftSaveSchema>;

/** A draft on the wire: the article shape plus the version the next save must name. */
export type Draft = Article & { version: number; updatedAt: string };

/** The 409 body of a stale save: the newer draft is offered, nothing is overwritten. */
export type DraftConflict = { message: string; version: number; draft: Draft };

/** CORRECTION and CORRECTION_REMOVED: a correction readers see was added or removed (the text is the revision's `correction`). */
export const REVISION_KINDS = ['CREATE', 'EDIT', 'RESUBMIT', 'RESTORE', 'CORRECTION', 'CORRECTION_REMOVED'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
export const REVISION_FIELDS = ['title', 'author', 'content', 'region', 'youtubeVideoId', 'categories', 'images'] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

export type RevisionSummary = {
  id: number;
  articleId: number;
  kind: RevisionKind;
  createdAt: string;
  editor: { id: number | null; name: string | null };
  restoredFromId: number | null;
  /** The fields that differ from the revision before (empty for the first). */
  changed: RevisionField[];
  /** The correction a CORRECTION or CORRECTION_REMOVED revision added or removed. */
  correction?: string | null;
};

export type Revision = RevisionSummary & {
  title: string;
  author: string;
  content: string;
  region: string | null;
  youtubeVideoId: string | null;
  categories: { id: number; name: string }[];
  imageUrls: string[];
  /** Pictures of this revision that are no longer stored (removed from the article since). */
  imagesNoLongerStored: number;
};

/** The state the admin rejected and the state now, for a resubmitted article; null when none. */
export type ChangesSinceRejection = { before: Revision; after: Revision } | null;
