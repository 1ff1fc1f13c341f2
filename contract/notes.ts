// The desk's notes on a story and the corrections readers see, on the wire (contract/route.ts).
// Notes are a private thread between admins and the story's reporter: never in a public answer,
// page, feed or cache. Corrections are public: the article page shows them under 'సవరణ'. Served by
// server/notes/routes.ts; the rules are server/notes/service.ts and server/notes/corrections.ts.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { CONFLICT, NO_CONTENT, PathId, Timestamp } from './http.ts';

export const NOTE_MAX = 2_000;
export const CORRECTION_MAX = 500;

export { CORRECTION_HEADING } from './articles.ts';

export const NOTE_MESSAGES = {
  textRequired: 'Write the note before sending it: the text is empty.',
  tooLong: `A note can be at most ${NOTE_MAX} characters.`,
  notFound: 'Article not found.',
} as const;

export const CORRECTION_MESSAGES = {
  textRequired: 'Write the correction before adding it: the text is empty.',
  tooLong: `A correction can be at most ${CORRECTION_MAX} characters.`,
  notPublished: 'Only a published story can be corrected.',
  notFound: 'Correction not found.',
  added: 'Correction added.',
  removed: 'Correction removed.',
} as const;

/** Plain text, trimmed, 1..max characters. */
const plainText = (max: number, messages: { textRequired: string; tooLong: string }) =>
  z.string({ error: messages.textRequired }).trim().min(1, messages.textRequired).max(max, messages.tooLong);

export const NoteBodySchema = z.object({ text: plainText(NOTE_MAX, NOTE_MESSAGES) });
export const CorrectionBodySchema = z.object({ text: plainText(CORRECTION_MAX, CORRECTION_MESSAGES) });

export const NoteAuthorSchema = z.object({ username: z.string(), displayName: z.string() });

export const NoteSchema = z
  .object({ id: z.number(), text: z.string(), author: NoteAuthorSchema, createdAt: Timestamp })
  .meta({ id: 'ArticleNote' });
export type Note = z.infer<typeof NoteSchema>;

/** A correction as the desk sees it: with its id (to remove it) and who added it. */
export const CorrectionSchema = z
  .object({ id: z.number(), text: z.string(), author: NoteAuthorSchema, createdAt: Timestamp })
  .meta({ id: 'ArticleCorrection' });
export type Correction = z.infer<typeof CorrectionSchema>;

const staff = routeGroup({ tags: ['notes and corrections'], access: ['REPORTER', 'ADMIN'] });
const admin = routeGroup({ tags: ['notes and corrections'], access: ['ADMIN'] });

export const NOTE_ROUTES = {
  list: staff.get('/articles/:id/notes', {
    summary: "A story's private notes, oldest first (admins and the story's reporter; anyone else 404)",
    response: z.array(NoteSchema),
  }),
  post: staff.post('/articles/:id/notes', {
    summary: `Add a note to a story's private thread (plain text, 1-${NOTE_MAX} characters, trimmed)`,
    body: NoteBodySchema,
    response: NoteSchema,
    status: 201,
  }),
  corrections: admin.get('/admin/articles/:id/corrections', {
    summary: "A story's corrections, oldest first, with their ids",
    response: z.array(CorrectionSchema),
  }),
  correct: admin.post('/admin/articles/:id/corrections', {
    summary: `Add a correction readers see under a published story (1-${CORRECTION_MAX} characters); 409 when not published`,
    body: CorrectionBodySchema,
    response: CorrectionSchema,
    status: 201,
    errors: CONFLICT,
  }),
  removeCorrection: admin.delete('/admin/articles/:id/corrections/:correctionId', {
    summary: 'Remove a correction (recorded as its own act); corrections are never edited',
    params: z.object({ id: PathId, correctionId: PathId }),
    ...NO_CONTENT,
    errors: CONFLICT,
  }),
};
