// Live coverage on the wire: an update's shape, what is posted, and the messages.
import { z } from 'zod';
import { Timestamp } from './http.ts';
import { stripTags } from './text.ts';

export const LIVE_UPDATE_MAX = 20_000;

export const LIVE_MESSAGES = {
  notApproved: 'Only an approved story can be covered live.',
  notLive: 'This story is not live: updates can be posted only while it is live.',
  notPublic: 'This story is not public: updates can be posted only on an approved story.',
  contentRequired: 'Write the update before posting it: the content is empty.',
  tooLong: `An update can be at most ${LIVE_UPDATE_MAX} characters.`,
  updateNotFound: 'Live update not found.',
  started: 'The story is live.',
  ended: 'Live coverage ended.',
} as const;

export const LiveUpdateBodySchema = z.object({
  content: z
    .string({ error: LIVE_MESSAGES.contentRequired })
    .max(LIVE_UPDATE_MAX, LIVE_MESSAGES.tooLong)
    .refine((html) => stripTags(html).trim().length > 0, LIVE_MESSAGES.contentRequired),
});
export type LiveUpdateBody = z.infer<typeof LiveUpdateBodySchema>;

export const LiveUpdateSchema = z
  .object({
    id: z.number(),
    articleId: z.number(),
    /** Sanitised HTML, as an article body. */
    content: z.string(),
    authorName: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'LiveUpdate' });
export type LiveUpdate = z.infer<typeof LiveUpdateSchema>;

/** The public list: whether the story is live now, and its updates newest first. */
export const LiveUpdateListSchema = z.object({
  live: z.boolean(),
  liveSince: Timestamp.nullable(),
  liveEndedAt: Timestamp.nullable(),
  updates: z.array(LiveUpdateSchema),
});
export type LiveUpdateList = z.infer<typeof LiveUpdateListSchema>;
