// The `article` JSON part of POST /api/articles (create) and PUT /api/articles/{id} (edit), with the
// messages of docs/product.md. Used by the browser form (fast feedback) and the server (the rule).
import { z } from 'zod';
import { MAX_ARTICLE_IMAGES, MAX_IMAGE_BYTES, YOUTUBE_ID } from './articles.ts';

export const ARTICLE_MESSAGES = {
  titleRequired: 'Title is required.',
  authorRequired: 'Author is required.',
  categoryRequired: 'Please select a category.',
  regionRequired: 'Region is required.',
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
  loadFailed: 'Failed to load article or categories. Please try again later.',
  deleteFailed: 'Failed to delete article. Please try again.',
  approvedNotEditable: 'Approved articles cannot be edited.',
  approvedNotDeletable: 'Approved articles cannot be deleted.',
  missingArticlePart: 'The request must carry an "article" part with the article as JSON.',
  invalidArticleJson: 'The "article" part is not valid JSON.',
} as const;

/** how a failed save is shown. */
export const saveErrorMessage = (status: number, body: string) => `HTTP error! status: ${status}, message: ${body}`;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** Empty or absent means "no video". */
const optionalVideoId = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

const categoryIds = z
  // Ids are 32-bit in the database: a larger number is no category (400, never a 500).
  .array(z.coerce.number().int().positive().max(2_147_483_647), { error: ARTICLE_MESSAGES.categoryRequired })
  .min(1, ARTICLE_MESSAGES.categoryRequired)
  .max(20)
  // The first category is the primary one (related and latest news); duplicates mean nothing.
  .transform((ids) => [...new Set(ids)]);

const content = z
  .string()
  .max(500_000, 'The article is too long.')
  .nullish()
  .transform((v) => v ?? '');

export const ArticleCreateSchema = z.object({
  title: requiredText(ARTICLE_MESSAGES.titleRequired, 300),
  author: requiredText(ARTICLE_MESSAGES.authorRequired, 120),
  content,
  youtubeVideoId: optionalVideoId.refine((v) => v === null || YOUTUBE_ID.test(v), ARTICLE_MESSAGES.videoIdFormat),
  categoryIds,
  region: requiredText(ARTICLE_MESSAGES.regionRequired, 120),
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
};

export const ARTICLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The browser's fast check of chosen files (by declared type and size); the server decides by the
 * bytes. Returns the first problem's message, or null.
 */
export function checkArticleImages(files: readonly { name: string; size: number; type: string }[]): string | null {
  if (files.length === 0) return ARTICLE_MESSAGES.imagesRequired;
  if (files.length > MAX_ARTICLE_IMAGES) return ARTICLE_MESSAGES.tooManyImages;
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
