// Author pages: a reporter's Telugu display name, short bio and photo (set on their account page,
// the photo through the image pipeline), and their approved stories, newest first. Only reporters
// have a public page: any other account, or none, is "not found".
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articles, images, users } from '../db/schema.ts';
import { boundedCount } from '../db/count.ts';
import { notFound } from '../http/errors.ts';
import { listApproved, safePaging } from '../articles/public-service.ts';
import { toArticleImage } from '../articles/model.ts';
import { prepareArticleImages, withPreparedImages } from '../articles/service.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { record, type AuditActor } from '../audit/service.ts';
import type { IncomingFile } from '../media/images.ts';
import { authorPath, FEED_PATHS } from '../../contract/site.ts';
import { PROFILE_MESSAGES, type Author, type Profile, type ProfileInput } from '../../contract/authors.ts';

type ProfileFields = { displayName: string | null; bio: string | null; photoImageId: number | null };

/** What a profile save changed, as the audit trail keeps it (nothing changed: null). */
function profileChange(before: ProfileFields, after: ProfileFields) {
  const parts: string[] = [];
  const details: Record<string, unknown> = {};
  if (before.displayName !== after.displayName) {
    parts.push(`display name → ${after.displayName ?? '(none)'}`);
    details.displayName = { from: before.displayName, to: after.displayName };
  }
  if (before.bio !== after.bio) {
    parts.push('bio');
    details.bio = { from: before.bio, to: after.bio };
  }
  if (before.photoImageId !== after.photoImageId) {
    const photo = after.photoImageId === null ? 'removed' : before.photoImageId === null ? 'added' : 'replaced';
    parts.push(`photo ${photo}`);
    details.photo = photo;
  }
  return parts.length ? { summary: parts.join(', '), details } : null;
}

/** A username as the address carries it: the lookup ignores case, as sign-in does. */
const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export function createAuthorsService(deps: ServiceDeps) {
  const { db } = deps;

  async function photoOf(imageId: number | null) {
    if (imageId === null) return null;
    const [image] = await db.select().from(images).where(eq(images.id, imageId));
    return image ? toArticleImage(image) : null;
  }

  async function reporter(username: string) {
    if (username.length === 0 || username.length > 200) return null;
    const [row] = await db
      .select()
      .from(users)
      .where(and(byUsername(username), eq(users.role, 'REPORTER')));
    return row ?? null;
  }

  async function profileOf(userId: number): Promise<Profile> {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('Account not found.');
    return {
      username: row.username,
      displayName: row.displayName,
      bio: row.bio,
      photo: await photoOf(row.photoImageId),
      url: row.role === 'REPORTER' ? authorPath(row.username) : null,
    };
  }

  return {
    /** The public page's data: the reporter and a page of their approved stories; else 404. */
    async page(username: string, requestedPage: number, requestedSize: number): Promise<Author & { id: number }> {
      const row = await reporter(username);
      if (!row) throw notFound(PROFILE_MESSAGES.notFound);
      const { page, size } = safePaging(requestedPage, requestedSize);
      const own = eq(articles.reporterId, row.id);
      const [photo, list, total] = await Promise.all([
        photoOf(row.photoImageId),
        listApproved(db, own, size, page * size),
        boundedCount(db, articles, and(own, eq(articles.approvalStatus, 'APPROVED'))),
      ]);
      return {
        id: row.id,
        username: row.username,
        displayName: row.displayName || row.username,
        bio: row.bio,
        photo,
        url: authorPath(row.username),
        feedUrl: FEED_PATHS.author(row.username),
        articles: list,
        total,
      };
    },

    /** GET /api/me/profile: what the account page shows. */
    profile: (user: SessionUser) => profileOf(user.id),

    /**
     * PUT /api/me/profile: name, bio and, when a `photo` file comes, a new photo (the old one is
     * released); `removePhoto` removes it. Author pages and bylines may show the old ones: the
     * change drops every cached page. What changed goes in the audit trail (a byline is public).
     */
    async updateProfile(
      user: SessionUser,
      input: ProfileInput,
      files: (IncomingFile & { fieldname?: string })[],
      actor?: AuditActor,
    ) {
      const photoFile = files.find((f) => f.fieldname === undefined || f.fieldname === 'photo');
      const prepared = photoFile ? await prepareArticleImages(deps, [photoFile]) : [];
      await withPreparedImages(deps, prepared, () =>
        deps.changes.write(async (tx, notice) => {
          const [before] = await tx
            .select({ displayName: users.displayName, bio: users.bio, photoImageId: users.photoImageId })
            .from(users)
            .where(eq(users.id, user.id))
            .for('update');
          let photoImageId = before?.photoImageId ?? null;
          if (prepared.length || input.removePhoto) photoImageId = null;
          if (prepared.length) [{ id: photoImageId }] = await deps.images.store(prepared, tx);
          await tx
            .update(users)
            .set({ displayName: input.displayName, bio: input.bio, photoImageId })
            .where(eq(users.id, user.id));
          if (before?.photoImageId && before.photoImageId !== photoImageId) await deps.images.release([before.photoImageId], tx);
          const change = profileChange(before ?? { displayName: null, bio: null, photoImageId: null }, {
            displayName: input.displayName,
            bio: input.bio,
            photoImageId,
          });
          if (change)
            await record(tx, {
              actor: actor ?? { id: user.id, username: user.username },
              action: 'user.profile_update',
              objectType: 'user',
              objectId: user.id,
              ...change,
            });
          notice({ kind: 'reporters' });
        }),
      );
      return profileOf(user.id);
    },

    /**
     * The reporter's own display name (trimmed), for the article page's byline; null when the
     * account has none or is not a reporter. A profile change drops every cached page.
     */
    async displayNameOf(username: string): Promise<string | null> {
      const row = await reporter(username);
      return row?.displayName?.trim() || null;
    },

    /** The reporter's display name and username, for the feed; null when not a reporter. */
    async feedSubject(username: string) {
      const row = await reporter(username);
      return row ? { id: row.id, username: row.username, displayName: row.displayName || row.username } : null;
    },
  };
}
export type AuthorsService = ReturnType<typeof createAuthorsService>;
