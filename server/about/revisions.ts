// About Us history, like an article's: the page's text after each save that changed it, in the
// save's transaction; an admin lists them, reads one and restores it (itself a new revision,
// audited). Pictures are not part of it: a removed picture's files are deleted with it.
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { aboutRevisions, aboutUs } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { ABOUT_MESSAGES, type AboutRevision, type AboutRevisionSummary } from '../../contract/about.ts';

type Kind = (typeof aboutRevisions.kind.enumValues)[number];

/**
 * Keeps `content` as the page's text after a save. A page older than its history first keeps the
 * text it had (BEFORE), so the first save seen can be undone too.
 */
export async function keepAboutRevision(
  tx: Tx,
  kind: Kind,
  content: string,
  actor: AuditActor | undefined,
  opts: { before?: string; restoredFromId?: number } = {},
) {
  const editor = { editorId: actor?.id ?? null, editorName: actor?.username ?? null };
  if (opts.before !== undefined) {
    const [any] = await tx.select({ id: aboutRevisions.id }).from(aboutRevisions).limit(1);
    if (!any) await tx.insert(aboutRevisions).values({ kind: 'BEFORE', content: opts.before, editorId: null, editorName: null });
  }
  await tx.insert(aboutRevisions).values({ kind, content, ...editor, restoredFromId: opts.restoredFromId ?? null });
}

const summary = {
  id: aboutRevisions.id,
  kind: aboutRevisions.kind,
  editorName: aboutRevisions.editorName,
  restoredFromId: aboutRevisions.restoredFromId,
  createdAt: aboutRevisions.createdAt,
  length: sql<number>`length(${aboutRevisions.content})`.mapWith(Number),
};

export function createAboutRevisions({ db, changes }: ServiceDeps) {
  async function one(id: number): Promise<AboutRevision> {
    const [row] =
      Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
        ? await db
            .select({ ...summary, content: aboutRevisions.content })
            .from(aboutRevisions)
            .where(eq(aboutRevisions.id, id))
        : [];
    if (!row) throw notFound(ABOUT_MESSAGES.unknownRevision);
    return { ...row, createdAt: row.createdAt.toISOString() };
  }

  return {
    /** Newest first (the page's history is short: one row per save that changed the text). */
    async list(): Promise<AboutRevisionSummary[]> {
      const rows = await db.select(summary).from(aboutRevisions).orderBy(desc(aboutRevisions.id)).limit(500);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    one,

    /** The revision's text becomes the page's text again: a new RESTORE revision, audited. */
    async restore(id: number, actor?: AuditActor): Promise<void> {
      const revision = await one(id);
      await changes.write(async (tx, notice) => {
        const updated = await tx
          .update(aboutUs)
          .set({ content: revision.content, updatedAt: new Date() })
          .where(eq(aboutUs.id, 1))
          .returning({ id: aboutUs.id });
        if (!updated.length) throw notFound(ABOUT_MESSAGES.notFound);
        notice({ kind: 'about' });
        await keepAboutRevision(tx, 'RESTORE', revision.content, actor, { restoredFromId: id });
        await record(tx, {
          actor,
          action: 'about.restore',
          objectType: 'about',
          objectId: id,
          summary: `restored the text of ${revision.createdAt}`,
          details: { revisionId: id },
        });
      });
    },
  };
}
export type AboutRevisions = ReturnType<typeof createAboutRevisions>;
