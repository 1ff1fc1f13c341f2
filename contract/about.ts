// About Us: limits and messages of docs/product.md
import { z } from 'zod';
import { ArticleImageSchema } from './articles.schema.ts';
import { routeGroup } from './route-group.ts';
import { ErrorBody, NoContent, PathId, TOO_LARGE } from './http.ts';

export const MAX_ABOUT_IMAGES = 4;
export const MAX_ABOUT_CONTENT = 200_000;
/** Decided by the bytes on the server; the browser checks the declared type for fast feedback. */
export const ABOUT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ABOUT_MESSAGES = {
  saved: 'About Us content saved successfully!',
  saveFailed: 'Failed to save About Us content: ',
  alreadyExists: 'About Us entry already exists. Please use the update functionality.',
  notFound: 'No About Us entry exists yet. Please create it first.',
  tooManyImages: `You can upload up to ${MAX_ABOUT_IMAGES} images only.`,
  contentTooLong: 'About Us content is too long.',
  badKeepList: 'keepImageUrls must be a JSON array of image URLs.',
  unsupported: (file: string) => `Unsupported file type: ${file}. Only JPG, PNG, WEBP allowed.`,
  tooLarge: (file: string) => `File too large: ${file}. Max 2MB.`,
  loadFailed: 'Failed to load About Us content.',
  unknownRevision: 'No such About Us revision.',
  restored: 'The earlier About Us text is the page again.',
  historyFailed: 'Failed to load the About Us history.',
} as const;

export const AboutUsSchema = z
  .object({ content: z.string(), imageUrls: z.array(z.string()), images: z.array(ArticleImageSchema) })
  .meta({ id: 'AboutUs' });
export type AboutUs = z.infer<typeof AboutUsSchema>;
export const AboutSavedSchema = AboutUsSchema.extend({ message: z.string() });

/** The multipart fields of a save: the page's HTML and, on an update, the current images to keep (JSON array). */
export const AboutFieldsSchema = z.object({ content: z.string(), keepImageUrls: z.array(z.string()).optional() });

/** A saved version of the page's text: CREATE, EDIT, RESTORE, or BEFORE (the text found at the first save the history saw). */
export const AboutRevisionSummarySchema = z
  .object({
    id: z.number(),
    kind: z.enum(['CREATE', 'EDIT', 'RESTORE', 'BEFORE']),
    editorName: z.string().nullable(),
    restoredFromId: z.number().nullable(),
    createdAt: z.string(),
    /** Characters of HTML: a save that emptied the page shows as a small number. */
    length: z.number(),
  })
  .meta({ id: 'AboutRevisionSummary' });
export type AboutRevisionSummary = z.infer<typeof AboutRevisionSummarySchema>;
export const AboutRevisionSchema = AboutRevisionSummarySchema.extend({ content: z.string() }).meta({ id: 'AboutRevision' });
export type AboutRevision = z.infer<typeof AboutRevisionSchema>;
const RevisionParam = z.object({ revId: PathId });

const tags = ['about'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const admin = routeGroup({ tags, access: ['ADMIN'] });
/** What a save sends, for the reference. */
const saveRequest = {
  description:
    'multipart/form-data: `content` (HTML, sanitised), `keepImageUrls` (JSON array of the current image URLs to keep, in order) ' +
    'and new `images` files (up to 4 images in all; JPG, PNG, WEBP; 2 MB each). A JSON body may change the text and kept images only.',
  multipart: { fields: AboutFieldsSchema, files: ['images'] },
} as const;

/** The About Us API (contract/route.ts). */
export const ABOUT_ROUTES = {
  publicRead: reader.get('/public/about', {
    summary: 'The About Us page (204 when none exists yet)',
    response: AboutUsSchema,
    errors: { 204: NoContent },
  }),
  adminRead: admin.get('/admin/about', {
    summary: 'The About Us page as stored, for the admin (null when none exists yet; never cached)',
    response: AboutUsSchema.nullable(),
  }),
  create: admin.post('/admin/about', {
    summary: 'Create the About Us page (once)',
    ...saveRequest,
    response: AboutSavedSchema,
    status: 201,
    errors: TOO_LARGE,
  }),
  update: admin.put('/admin/about', {
    summary: 'Update the About Us page',
    ...saveRequest,
    response: AboutSavedSchema,
    errors: { ...TOO_LARGE, 404: ErrorBody },
  }),
  revisions: admin.get('/admin/about/revisions', {
    summary: "About Us history: the page's text after each save, newest first",
    response: z.array(AboutRevisionSummarySchema),
  }),
  revision: admin.get('/admin/about/revisions/:revId', {
    summary: 'One About Us revision in full',
    params: RevisionParam,
    response: AboutRevisionSchema,
    errors: { 404: ErrorBody },
  }),
  restore: admin.post('/admin/about/revisions/:revId/restore', {
    summary: 'Make an earlier About Us text the page again (recorded as a new revision)',
    params: RevisionParam,
    response: AboutSavedSchema,
    errors: { 404: ErrorBody },
  }),
};
