// Corrections readers see under a published story ('సవరణ'): an admin adds one or removes one,
// never edits one. Each is a lifecycle act ('correct', 'remove-correction' in
// ../articles/lifecycle.ts): APPROVED only (409 otherwise), a revision that names the correction,
// an audit entry, a new modification time, and the article's change announced after commit, so
// its cached pages, feeds and CDN copies are dropped by the change's tags (contract/cache-tags.ts).
import { and, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articleCorrections, articles } from '../db/schema.ts';
import type { AuditActor } from '../audit/service.ts';
import { adminCaller, type Lifecycle } from '../articles/lifecycle.ts';
import { notFound } from '../http/errors.ts';
import { readRemarks } from './service.ts';
import { CORRECTION_MESSAGES, NOTE_MESSAGES, type Correction } from '../../contract/notes.ts';

export function createCorrectionsService(deps: Pick<ServiceDeps, 'db' | 'changes' | 'clock'> & { lifecycle: Lifecycle }) {
  const { db, changes, lifecycle, clock } = deps;
  const ofArticle = (articleId: number) => eq(articleCorrections.articleId, articleId);

  return {
    /** GET /api/admin/articles/{id}/corrections: oldest first, with ids (a draft or a missing story: 404). */
    async list(articleId: number): Promise<Correction[]> {
      const [story] = await db.select({ status: articles.approvalStatus }).from(articles).where(eq(articles.id, articleId));
      if (!story || story.status === 'DRAFT') throw notFound(NOTE_MESSAGES.notFound);
      return readRemarks(db, articleCorrections, ofArticle(articleId));
    },

    async add(actor: AuditActor & { username: string }, articleId: number, { text }: { text: string }): Promise<Correction> {
      let id = 0;
      await changes.write((tx, notice) =>
        lifecycle.move(tx, notice, { act: 'correct', id: articleId, by: adminCaller(actor) }, async () => {
          const now = clock.now();
          const [row] = await tx
            .insert(articleCorrections)
            .values({ articleId, authorId: actor.id, authorName: actor.username, text, createdAt: now })
            .returning({ id: articleCorrections.id });
          id = row.id;
          // The story was modified when the correction was made: its dateModified is the correction's.
          return { set: { updatedAt: now }, details: { correctionId: id, text }, correction: text };
        }),
      );
      const [added] = await readRemarks(db, articleCorrections, and(ofArticle(articleId), eq(articleCorrections.id, id)));
      return added;
    },

    /** DELETE .../corrections/{correctionId}: its own audited act; the revision keeps the text removed. */
    async remove(actor: AuditActor, articleId: number, correctionId: number): Promise<void> {
      await changes.write((tx, notice) =>
        lifecycle.move(tx, notice, { act: 'remove-correction', id: articleId, by: adminCaller(actor) }, async () => {
          const [row] = await tx
            .delete(articleCorrections)
            .where(and(ofArticle(articleId), eq(articleCorrections.id, correctionId)))
            .returning({ text: articleCorrections.text });
          if (!row) throw notFound(CORRECTION_MESSAGES.notFound);
          return { set: { updatedAt: clock.now() }, details: { correctionId, text: row.text }, correction: row.text };
        }),
      );
    },
  };
}
export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
