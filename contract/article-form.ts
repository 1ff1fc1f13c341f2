// The `article` JSON part of POST /api/articles (create) and PUT /api/articles/{id} (edit), with the
// messages of docs/product.md. Used by the browser form (fast feedback) and the server (the rule).
import { z } from 'zod';
import { MAX_ARTICLE_IMAGES, MAX_IMAGE_BYTES, SUMMARY_MAX, YOUTUBE_ID } from './articles.ts';
import { stripTags } from './text.ts';
import { DISTRICT_MESSAGES, districtBySlug } from './districts.ts';
import { TagsFieldSchema } from './tags.schema.ts';

export const ARTICLE_MESSAGES = {
  titleRequired: 'Title is required.',
  authorRequired: 'Author is required.',
  categoryRequired: 'Please select a category.',
  regionRequired: 'Region is required.',
  contentRequired: 'Write the article before sending it: the content is empty.',
  summaryTooLong: `The summary can be at most ${SUMMARY_MAX} characters.`,
  oneCategoryOnly: 'Only one category can be selected.',
  unknownCategory: (id: number) => `Category ${id} does not exist.`,
  videoIdFormat: 'Invalid YouTube video ID format.',
  videoIdLength: 'Invalid YouTube video ID. Please enter a valid 11-character ID.',
  imagesRequired: 'You must upload at least one image.',
  tooManyImages: `You can upload up to ${MAX_ARTICLE_IMAGES} images only.`,
  unsupportedFile: (file: string) => `Unsupported file type: ${file}`,
  fileTooLarge: (file: string) => `File too large: ${file}`,
  submitted: 'Article submitted successfully!',
  updated: 'Article updated successfully!',
  /** A rejected story's edit screen: saving sends it back to the review queue (PENDING). */
  resubmit: 'Resubmit for review',
  resubmitting: 'Resubmitting...',
  resubmitted: 'Article resubmitted: it is back in the review queue.',
  loadFailed: 'Failed to load article or categories. Please try again later.',
  deleteFailed: 'Failed to delete article. Please try again.',
  approvedNotEditable: 'Approved articles cannot be edited.',
  approvedNotDeletable: 'Approved articles cannot be deleted.',
  missingArticlePart: 'The request must carry an "article" part with the article as JSON.',
  invalidArticleJson: 'The "article" part is not valid JSON.',
  unknownImage: 'An image to keep is not one of this article\u2019s images.',
  repeatedImage: 'An image is placed twice in the image order.',
  unknownUpload: (n: number) => `The image order names upload ${n}, which this request does not carry.`,
  linkScheme: 'Only web links can be added: the address must start with http:// or https://.',
  linkInvalid: 'This is not a web address. Example: https://www.example.com/page',
} as const;

/**
 * A YouTube video id from what a reporter pastes: the id itself, or a link to the video
 * (youtu.be/ID, youtube.com/watch?v=ID, /shorts/ID, /embed/ID, /live/ID; www., m. and
 * youtube-nocookie.com too). Anything else comes back trimmed, for the id rule to judge.
 */
export function youtubeIdFrom(input: string): string {
  const text = input.trim();
  if (!/^(https?:\/\/)?([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|youtu\.be)\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^https?:/i.test(text) ? text : `https://${text}`);
  } catch {
    return text;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  const candidate =
    host === 'youtu.be'
      ? parts[0]
      : parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : null;
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : text;
}

/**
 * A link the editor may insert: http(s) only (the server's sanitiser keeps no other scheme). A bare
 * address such as www.example.com gets https://. Returns the URL to use, or the message why not.
 */
export function checkLinkUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: ARTICLE_MESSAGES.linkInvalid };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  // "localhost:3000" reads as a scheme; a dotted host with a port does not.
  const bare = !scheme || /^[a-z0-9-]+(\.[a-z0-9-]+)+:\d/i.test(text);
  if (!bare && scheme !== 'http' && scheme !== 'https') return { ok: false, message: ARTICLE_MESSAGES.linkScheme };
  const candidate = bare ? `https://${text.replace(/^\/+/, '')}` : text;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) throw new Error('host');
    return { ok: true, url: url.href };
  } catch {
    return { ok: false, message: ARTICLE_MESSAGES.linkInvalid };
  }
}

/** how a failed save is shown. */
export const saveErrorMessage = (status: number, body: string) => `HTTP error! status: ${status}, message: ${body}`;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** Empty or absent means "no video"; a pasted YouTube link counts as its id. */
export const optionalVideoId = z
  .string()
  .nullish()
  .transform((v) => (v ? youtubeIdFrom(v) || null : null));

/** The reporter's own summary, shown instead of the one made from the body; blank means none. */
export const summaryField = z
  .string()
  .trim()
  .max(SUMMARY_MAX, ARTICLE_MESSAGES.summaryTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** One district edition by slug (contract/districts.ts); blank or absent: none. */
export const districtField = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    if (v !== null && !districtBySlug(v)) ctx.addIssue({ code: 'custom', message: DISTRICT_MESSAGES.unknown(v) });
  });

const categoryIds = z
  // Ids are 32-bit in the database: a larger number is no category (400, never a 500).
  .array(z.coerce.number().int().positive().max(2_147_483_647), { error: ARTICLE_MESSAGES.categoryRequired })
  .min(1, ARTICLE_MESSAGES.categoryRequired)
  .max(20)
  // The first category is the primary one (related and latest news); duplicates mean nothing.
  .transform((ids) => [...new Set(ids)]);

/** Text once its tags are gone: a body of empty paragraphs is an empty body. */
const hasText = (html: string) => stripTags(html).trim().length > 0;

const content = z
  .string()
  .max(500_000, 'The article is too long.')
  .nullish()
  .transform((v) => v ?? '')
  .refine(hasText, ARTICLE_MESSAGES.contentRequired);

/**
 * One place of the edit's image order: a kept image (its id, or its URL as the article lists it)
 * or `{ upload: n }`, the n-th `images` file of the same request (from 0). The first is the cover.
 */
export const ImageOrderEntrySchema = z.union([
  z.number().int().positive().max(2_147_483_647),
  z.string().min(1).max(500),
  z.object({
    upload: z
      .number()
      .int()
      .min(0)
      .max(MAX_ARTICLE_IMAGES + 1),
  }),
]);
export type ImageOrderEntry = z.infer<typeof ImageOrderEntrySchema>;

export const ArticleCreateSchema = z.object({
  title: requiredText(ARTICLE_MESSAGES.titleRequired, 300),
  author: requiredText(ARTICLE_MESSAGES.authorRequired, 120),
  content,
  youtubeVideoId: optionalVideoId.refine((v) => v === null || YOUTUBE_ID.test(v), ARTICLE_MESSAGES.videoIdFormat),
  categoryIds,
  region: requiredText(ARTICLE_MESSAGES.regionRequired, 120),
  district: districtField,
  summary: summaryField,
  tags: TagsFieldSchema.optional(),
});
export type ArticleCreateInput = z.infer<typeof ArticleCreateSchema>;

export const ArticleEditSchema = z.object({
  title: requiredText(ARTICLE_MESSAGES.titleRequired, 300),
  author: requiredText(ARTICLE_MESSAGES.authorRequired, 120),
  content,
  youtubeVideoId: optionalVideoId.superRefine((v, ctx) => {
    if (v === null) return;
    // the edit screens tell a wrong length apart from wrong characters.
    if (v.length !== 11) ctx.addIssue({ code: 'custom', message: ARTICLE_MESSAGES.videoIdLength });
    else if (!YOUTUBE_ID.test(v)) ctx.addIssue({ code: 'custom', message: ARTICLE_MESSAGES.videoIdFormat });
  }),
  categoryIds,
  // Region is optional on edit: blank keeps no region.
  region: z
    .string()
    .trim()
    .max(120, 'At most 120 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
  district: districtField,
  summary: summaryField,
  /** Absent: the story keeps its tags. */
  tags: TagsFieldSchema.optional(),
  /**
   * The article's images after the edit, in order (the first is the cover). Absent: the images
   * stay, and any uploaded files follow them. Uploads the order does not name follow it.
   */
  imageOrder: z
    .array(ImageOrderEntrySchema)
    .max(MAX_ARTICLE_IMAGES * 2)
    .optional(),
  /** The version the writer started from (the answer's `version`): an older one is refused (409). Absent: not checked. */
  version: z.number().int().min(1).optional(),
});
export type ArticleEditInput = z.infer<typeof ArticleEditSchema>;

/** What the form sends as the `article` part (before parsing). */
export type ArticlePayload = {
  title: string;
  author: string;
  content: string;
  youtubeVideoId: string;
  categoryIds: number[];
  region: string;
  district?: string;
  summary: string;
  tags?: string[];
};

export const ARTICLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The browser's fast check of chosen files (by declared type and size) beside `kept` stored images;
 * the server decides by the bytes. Returns the first problem's message, or null.
 */
export function checkArticleImages(files: readonly { name: string; size: number; type: string }[], kept = 0): string | null {
  if (kept + files.length === 0) return ARTICLE_MESSAGES.imagesRequired;
  if (kept + files.length > MAX_ARTICLE_IMAGES) return ARTICLE_MESSAGES.tooManyImages;
  for (const file of files) {
    if (!(ARTICLE_IMAGE_TYPES as readonly string[]).includes(file.type)) return ARTICLE_MESSAGES.unsupportedFile(file.name);
    if (file.size > MAX_IMAGE_BYTES) return ARTICLE_MESSAGES.fileTooLarge(file.name);
  }
  return null;
}

/** Reporter lists. */
export const REPORTER_PAGE_SIZE = 15;
export const ApprovedListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(REPORTER_PAGE_SIZE),
  title: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || undefined),
});
export type ApprovedListQuery = z.infer<typeof ApprovedListQuerySchema>;

/**
 * What the rich-text editor emits, shared by the server's sanitize-html allowlist and the
 * browser's DOMPurify: tags, and the inline styles TipTap writes (alignment, colour, highlight,
 * font size). Anything else is removed.
 */
export const EDITOR_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'span',
  'mark',
  'code',
  'pre',
  'hr',
  // Captions of pictures in imported WordPress posts (the picture itself is in the carousel).
  'figure',
  'figcaption',
];
/** Read-only reporter and admin views: text structure and styling, no links or code. */
const NOT_IN_VIEWS = new Set(['a', 'code', 'pre', 'hr']);
export const VIEW_TAGS = EDITOR_TAGS.filter((tag) => !NOT_IN_VIEWS.has(tag));
export const FONT_SIZES = [12, 14, 16, 18, 20] as const;
export const DEFAULT_FONT_SIZE = 16;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;
export const EDITOR_STYLES: Record<string, RegExp> = {
  'text-align': /^(left|center|right|justify)$/,
  color: COLOR,
  'background-color': COLOR,
  'font-size': new RegExp(`^(${FONT_SIZES.join('|')})px$`),
};

/** Keeps only the allowed declarations of a style attribute ('' when none is left). */
export function filterEditorStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return EDITOR_STYLES[property]?.test(value) ? `${property}: ${value}` : null;
    })
    .filter(Boolean)
    .join('; ');
}
