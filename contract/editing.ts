// The desk working together on one story (issue 37): a write based on an older version is refused
// with the newer story (the 409 below), and who has the story's edit or review screen open
// (EDITING_ROUTES, served by server/editing/routes.ts). Staff only; never on a public page.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { ErrorBody, NO_CONTENT, Timestamp } from './http.ts';
import { ArticleSchema } from './articles.schema.ts';

export const VERSION_MESSAGES = {
  stale: 'A newer version of this story was saved: nothing was changed.',
  /** The conflict line: "<name> saved a newer version at 10:42". */
  newerBy: (name: string, time: string) => `${name} saved a newer version at ${time}`,
  newerByTelugu: (name: string, time: string) => `${time}కి ${name} కొత్త రూపాన్ని భద్రపరిచారు`,
  /** The publishing clock saved it (no person). */
  clock: 'The publishing clock',
  takeNewer: 'Take the newer version',
  saveOver: (version: number) => `Save over it (version ${version})`,
  yourText: 'Your text (kept: copy from it)',
  theirChange: 'Their change against your text',
} as const;

export const EDITING_MESSAGES = {
  editingSince: (name: string, time: string) => `${name} is editing since ${time}`,
  editingSinceTelugu: (name: string, time: string) => `${name} ${time} నుంచి సవరిస్తున్నారు`,
  takeOver: 'Take over',
  tookOver: (name: string) => `${name} took over this story: your screen is read-only now.`,
  tookOverTelugu: (name: string) => `${name} ఈ వార్తను తీసుకున్నారు`,
  keptText: 'Your unsaved text is kept below (and in this browser) to copy from.',
  /** The lists' mark on a story someone has open. */
  mark: 'సవరణలో',
} as const;

/** A staff member as the desk names them. */
export const PersonSchema = z.object({ username: z.string(), displayName: z.string() });
export type Person = z.infer<typeof PersonSchema>;

/** The 409 of a write based on an older version: the story as it is now, who saved it and when. */
export const VersionConflictSchema = ErrorBody.extend({
  version: z.number().int().optional().meta({ description: 'The stored version (a stale write only).' }),
  article: ArticleSchema.optional().meta({ description: 'The story as it is now (a stale write only).' }),
  changedBy: PersonSchema.nullable()
    .optional()
    .meta({ description: 'Who saved the newer version (null: the publishing clock).' }),
  changedAt: Timestamp.nullable().optional(),
}).meta({
  id: 'VersionConflict',
  description:
    'Refused: the article’s status does not allow the act, or (with `version`, `article`, `changedBy`, `changedAt`) ' +
    'the write named an older version than the stored one. Nothing was changed.',
});
export type VersionConflict = z.infer<typeof VersionConflictSchema>;

/** The 409 the version-checked writes document. */
export const STALE = { 409: VersionConflictSchema };

export const EditorSchema = PersonSchema.extend({ since: Timestamp });
export type Editor = z.infer<typeof EditorSchema>;

export const EditingSchema = z.object({ editors: z.array(EditorSchema) }).meta({ id: 'Editing' });

/** A heartbeat's answer: the others editing, since when this caller is, and whether someone took over. */
export const HeartbeatSchema = z
  .object({
    editors: z.array(EditorSchema),
    since: Timestamp,
    takenOverBy: PersonSchema.extend({ at: Timestamp }).nullable(),
    /** The story's stored version: a screen that started from an older one knows a newer one was saved. */
    version: z.number().int(),
  })
  .meta({ id: 'EditingHeartbeat' });
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

/** How often the screens beat, and how long after the last one a person is no longer editing. */
export const HEARTBEAT_MS = 25_000;
export const EDITING_EXPIRES_MS = 60_000;

const MarksQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'ids: up to 200 article ids, comma-separated')
    .transform((s) => s.split(',').map(Number)),
});

/** A heartbeat may name the version the screen started from. */
const BeatSchema = z.object({ version: z.number().int().min(1).optional() });

const staff = routeGroup({ tags: ['editing'], access: ['REPORTER', 'ADMIN'] });

export const EDITING_ROUTES = {
  marks: staff.get('/articles/editing', {
    summary: 'Which of these articles someone is editing (the lists’ mark); only those the caller may see',
    query: MarksQuery,
    response: z.object({ articles: z.array(z.number()) }),
  }),
  get: staff.get('/articles/:id/editing', {
    summary: 'Who is editing the article (staff who may edit it)',
    response: EditingSchema,
  }),
  beat: staff.post('/articles/:id/editing', {
    summary: 'I have the edit or review screen open (every 20–30 s; gone 60 s after the last)',
    body: z.preprocess((body) => body ?? {}, BeatSchema),
    response: HeartbeatSchema,
  }),
  takeover: staff.post('/articles/:id/editing/takeover', {
    summary: 'Take the story over: the others editing it learn at their next heartbeat and turn read-only',
    response: HeartbeatSchema,
  }),
  leave: staff.delete('/articles/:id/editing', {
    summary: 'I left the edit screen',
    ...NO_CONTENT,
  }),
};
