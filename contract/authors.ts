// Author pages: the reporter's Telugu display name, bio and photo, set on their account page.
import { z } from 'zod';
import { ArticleImageSchema, ArticleListItemSchema } from './articles.schema.ts';
import { routeGroup } from './route-group.ts';
import { pageQuery, TOO_LARGE } from './http.ts';

export const DISPLAY_NAME_MAX = 80;
export const BIO_MAX = 300;
export const AUTHOR_PAGE_SIZE = 5;

export const PROFILE_MESSAGES = {
  displayNameTooLong: `displayName: at most ${DISPLAY_NAME_MAX} characters.`,
  bioTooLong: `bio: at most ${BIO_MAX} characters.`,
  saved: 'Profile saved.',
  notFound: 'Author not found.',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(10_000, message)
    .nullish()
    .transform((v) => v?.normalize('NFC').trim() || null)
    .refine((v) => v === null || v.length <= max, message);

/** What the account page sends (JSON, or multipart fields beside a `photo` file). */
export const ProfileInputSchema = z.object({
  displayName: optionalText(DISPLAY_NAME_MAX, PROFILE_MESSAGES.displayNameTooLong),
  bio: optionalText(BIO_MAX, PROFILE_MESSAGES.bioTooLong),
  /** true: the photo is removed (a new `photo` file replaces it anyway). */
  removePhoto: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});
export type ProfileInput = z.output<typeof ProfileInputSchema>;

export const ProfileSchema = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  photo: ArticleImageSchema.nullable(),
  /** The public author page (reporters only; null for other accounts). */
  url: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const AuthorSchema = z
  .object({
    username: z.string(),
    displayName: z.string(),
    bio: z.string().nullable(),
    photo: ArticleImageSchema.nullable(),
    url: z.string(),
    feedUrl: z.string(),
    articles: z.array(ArticleListItemSchema),
    total: z.number(),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof AuthorSchema>;

export const UsernameParam = z.object({ username: z.string().max(200) });

export const AuthorPageQuery = pageQuery({ size: AUTHOR_PAGE_SIZE, maxSize: 50 });

const tags = ['authors'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const staff = routeGroup({ tags, access: ['REPORTER', 'ADMIN'] });

/** The public author page's API (contract/route.ts). */
export const AUTHOR_ROUTES = {
  page: reader.get('/public/authors/:username', {
    summary: "A reporter's public page: display name, bio, photo and approved stories, newest first (X-Total-Count)",
    description: 'Unknown username, or an account that is not a reporter: 404.',
    params: UsernameParam,
    query: AuthorPageQuery,
    response: AuthorSchema,
  }),
};

/** The reporter's own profile on the account page (contract/route.ts). */
export const PROFILE_ROUTES = {
  get: staff.get('/me/profile', { summary: 'The own author profile (display name, bio, photo)', response: ProfileSchema }),
  update: staff.put('/me/profile', {
    summary: 'Set the own display name, bio and photo',
    description:
      'JSON `{ displayName, bio, removePhoto }`, or multipart/form-data with those fields and a `photo` file ' +
      '(JPG, PNG, WEBP; 2 MB; through the image pipeline). Blank text clears a field.',
    multipart: { fields: ProfileInputSchema, files: ['photo'] },
    response: ProfileSchema,
    errors: TOO_LARGE,
  }),
};
