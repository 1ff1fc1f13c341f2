// The desk's private thread on a story: admins and the story's reporter write plain-text notes,
// read oldest first. A note is never public: it is no part of the article's wire shape for readers,
// it changes nothing a reader sees (so no change is announced and no cache is touched), and its
// routes answer `no-store`. Anyone else (another reporter, a reader) finds no story (404); a DRAFT
// has no thread (the desk never sees it). Each note is audited in its own transaction; a
// rejection's reason becomes a note in the rejection's transaction (server/review/service.ts).
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx, Tx } from '../db/database.ts';
import { articleNotes, articles, users, type articleCorrections } from '../db/schema.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { notFound } from '../http/errors.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { NOTE_MESSAGES, type Note } from '../../contract/notes.ts';

/** The notes (or corrections: the same shape) that `where` selects, oldest first, with each author's current display name. */
export async function readRemarks(
  db: DbOrTx,
  // Both tables have the same columns (schema.ts's storyRemark): the query is the same.
  table: typeof articleNotes | typeof articleCorrections,
  where: SQL | undefined,
): Promise<Note[]> {
  const rows = await db
    .select({ row: table, displayName: users.displayName })
    .from(table)
    .leftJoin(users, eq(users.id, table.authorId))
    .where(where)
    .orderBy(asc(table.id));
  return rows.map(({ row, displayName }) => ({
    id: row.id,
    text: row.text,
    author: { username: row.authorName, displayName: displayName || row.authorName },
    createdAt: row.createdAt.toISOString(),
  }));
}

export type NewNote = { articleId: number; title: string; author: AuditActor & { username: string }; text: string; now: Date };

/**
 * Item 6 of issue 37 (notices for staff) starts here: "a note on your story" is to be queued in the
 * note's own transaction, for the story's reporter when the desk wrote it and for the desk when the
 * reporter did. Notices are not built yet, so it does nothing.
 */
export async function notifyNoteOnStory(_tx: Tx, _note: { id: number; articleId: number; authorId: number }): Promise<void> {}

/**
 * Writes a note and its audit entry in the caller's transaction; answers its id. A rejection's
 * reason is audited by the rejection's own entry (which names the note): `audited: false`.
 */
export async function insertNote(tx: Tx, note: NewNote, { audited = true } = {}): Promise<number> {
  const [row] = await tx
    .insert(articleNotes)
    .values({
      articleId: note.articleId,
      authorId: note.author.id,
      authorName: note.author.username,
      text: note.text,
      createdAt: note.now,
    })
    .returning({ id: articleNotes.id });
  if (audited)
    await record(tx, {
      actor: note.author,
      action: 'article.note',
      objectType: 'article',
      objectId: note.articleId,
      summary: note.title,
      details: { noteId: row.id, text: note.text },
    });
  await notifyNoteOnStory(tx, { id: row.id, articleId: note.articleId, authorId: note.author.id });
  return row.id;
}

export function createNotesService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  /** The story whose thread the caller may read and write: else 404, so its existence does not leak. */
  async function storyFor(tx: DbOrTx, user: SessionUser, id: number) {
    const [story] = await tx
      .select({ id: articles.id, title: articles.title, status: articles.approvalStatus, reporterId: articles.reporterId })
      .from(articles)
      .where(eq(articles.id, id));
    const mayRead = user.role === 'ADMIN' || (user.role === 'REPORTER' && story?.reporterId === user.id);
    if (!story || story.status === 'DRAFT' || !mayRead) throw notFound(NOTE_MESSAGES.notFound);
    return story;
  }

  return {
    /** GET /api/articles/{id}/notes: the thread, oldest first. */
    async list(user: SessionUser, articleId: number): Promise<Note[]> {
      await storyFor(db, user, articleId);
      return readRemarks(db, articleNotes, eq(articleNotes.articleId, articleId));
    },

    /** POST /api/articles/{id}/notes: a note by an admin or the story's reporter. */
    async post(user: SessionUser, articleId: number, { text }: { text: string }, ip?: string): Promise<Note> {
      const id = await db.transaction(async (tx) => {
        const story = await storyFor(tx, user, articleId);
        const author = { id: user.id, username: user.username, ip };
        return insertNote(tx, { articleId, title: story.title, author, text, now: clock.now() });
      });
      const [note] = await readRemarks(db, articleNotes, and(eq(articleNotes.articleId, articleId), eq(articleNotes.id, id)));
      return note;
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
