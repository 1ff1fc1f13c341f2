// The article's lifecycle in one place: every way an article comes to be, changes status, is
// edited, restored, marked or deleted is one row of TRANSITIONS (from -> to, who may, the revision
// kept, the audit action, the change announced), and every service path that moves an article goes
// through `move` (or `start` for a new one, `moveWhere` for the publishing clock's batch), which
// checks the table (404 / 403 / 409), writes the status with the act's own columns, keeps the
// revision and the audit entry in the caller's transaction, and gives the write helper
// (changes.write, server/db/changes.ts) the change to announce after commit. A row that makes a
// story worth a push to readers' phones queues it in the same transaction (server/push/outbox.ts).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ServiceDeps } from '../service-deps.ts';
import type { Tx } from '../db/client.ts';
import type { Notice } from '../db/changes.ts';
import { articleCategories, articles } from '../db/schema.ts';
import { record, recordMany, type AuditActor } from '../audit/service.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { ensureFirstRevision, imageIdsHeldBy, recordRevision } from './revision-store.ts';
import { categoryIdsOf } from './model.ts';
import { queuePush, type PushKind } from '../push/outbox.ts';
import { queueBreakingMail } from '../newsletter/outbox.ts';
import type { ApprovalStatus } from '../../contract/articles.ts';
import type { AuditAction } from '../../contract/audit.ts';
import type { RevisionKind } from '../../contract/drafts.ts';
import type { Role } from '../../contract/roles.ts';
import { ARTICLE_MESSAGES } from '../../contract/article-form.ts';
import { DRAFT_MESSAGES } from '../../contract/drafts.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';
import { LIVE_MESSAGES } from '../../contract/live.ts';
import { CORRECTION_MESSAGES } from '../../contract/notes.ts';

export type Act =
  | 'create'
  | 'draft'
  | 'save-draft'
  | 'submit'
  | 'delete-draft'
  | 'edit'
  | 'restore'
  | 'approve'
  | 'schedule'
  | 'unschedule'
  | 'reject'
  | 'publish'
  | 'breaking'
  | 'clear-breaking'
  | 'go-live'
  | 'end-live'
  | 'correct'
  | 'remove-correction'
  | 'delete';

/** AUTHOR: a reporter, on an article of their own (any reporter for a new one). SYSTEM: the publishing clock. */
export type Who = 'AUTHOR' | 'ADMIN' | 'SYSTEM';

/**
 * What a transition announces after commit: `article` names the article and its categories
 * (before and after), so only the pages it can appear on go; `breaking` is site-wide (the ticker
 * and the home banner are on every page); null: nothing public changed.
 */
export type Announced = 'article' | 'breaking' | null;

/** Values an act brings: a rejection reason, a publication time, a breaking-news end. */
export type ActInput = { reason?: string | null; publishAt?: Date; breakingUntil?: Date };

/** Columns to set: values, or SQL such as another column. */
type ArticleColumns = PgUpdateSetSource<typeof articles>;

export type Transition = {
  act: Act;
  /** NEW: the article does not exist yet. */
  from: readonly (ApprovalStatus | 'NEW')[];
  /** SAME: the status stays; GONE: the article is deleted (its images and those its history holds are released). */
  to: ApprovalStatus | 'SAME' | 'GONE';
  who: Who;
  revision: RevisionKind | null;
  audit: AuditAction | null;
  announce: Announced;
  /** The push to readers' phones it queues: breaking news to all who asked, a publication to its followers. */
  push?: PushKind;
  /** The columns the transition sets with the status (dates, reasons). */
  effect?: (now: Date, input: ActInput) => ArticleColumns;
};

const LIVE = ['PENDING', 'REJECTED', 'APPROVED', 'SCHEDULED'] as const;
const NOT_LIVE = ['PENDING', 'REJECTED', 'SCHEDULED'] as const;
const touched = (now: Date): ArticleColumns => ({ updatedAt: now });
/** Back to its submission time: a publication time ahead belongs to a schedule only. */
const submissionTime = sql`${articles.createdAt}`;

export const TRANSITIONS: readonly Transition[] = [
  // The reporter's desk.
  { act: 'create', from: ['NEW'], to: 'PENDING', who: 'AUTHOR', revision: 'CREATE', audit: null, announce: null },
  { act: 'draft', from: ['NEW'], to: 'DRAFT', who: 'AUTHOR', revision: null, audit: null, announce: null },
  {
    act: 'save-draft',
    from: ['DRAFT'],
    to: 'DRAFT',
    who: 'AUTHOR',
    revision: null,
    audit: null,
    announce: null,
    effect: touched,
  },
  {
    act: 'submit',
    from: ['DRAFT'],
    to: 'PENDING',
    who: 'AUTHOR',
    revision: 'CREATE',
    audit: null,
    announce: null,
    // Submitted now: the admin queue is worked in order of submission.
    effect: (now) => ({ createdAt: now, publicationDate: now, updatedAt: now }),
  },
  { act: 'delete-draft', from: ['DRAFT'], to: 'GONE', who: 'AUTHOR', revision: null, audit: null, announce: null },
  {
    act: 'edit',
    from: ['PENDING'],
    to: 'PENDING',
    who: 'AUTHOR',
    revision: 'EDIT',
    audit: 'article.edit',
    announce: null,
    effect: (now) => ({ rejectionReason: null, updatedAt: now }),
  },
  // A reporter's edit of a rejected article is a resubmission: the review screen shows what changed since.
  {
    act: 'edit',
    from: ['REJECTED'],
    to: 'PENDING',
    who: 'AUTHOR',
    revision: 'RESUBMIT',
    audit: 'article.edit',
    announce: null,
    effect: (now) => ({ rejectionReason: null, updatedAt: now }),
  },
  {
    act: 'delete',
    from: ['PENDING', 'REJECTED'],
    to: 'GONE',
    who: 'AUTHOR',
    revision: null,
    audit: 'article.delete',
    announce: null,
  },

  // The admin's desk. An edit or a restore keeps the status; only a public article's is announced.
  {
    act: 'edit',
    from: NOT_LIVE,
    to: 'SAME',
    who: 'ADMIN',
    revision: 'EDIT',
    audit: 'article.edit',
    announce: null,
    effect: touched,
  },
  {
    act: 'edit',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: 'EDIT',
    audit: 'article.edit',
    announce: 'article',
    effect: touched,
  },
  {
    act: 'restore',
    from: NOT_LIVE,
    to: 'SAME',
    who: 'ADMIN',
    revision: 'RESTORE',
    audit: 'article.revision_restore',
    announce: null,
    effect: touched,
  },
  {
    act: 'restore',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: 'RESTORE',
    audit: 'article.revision_restore',
    announce: 'article',
    effect: touched,
  },
  // A published story is edited or deleted, never approved again or sent back.
  {
    act: 'approve',
    from: NOT_LIVE,
    to: 'APPROVED',
    who: 'ADMIN',
    revision: null,
    audit: 'article.approve',
    announce: 'article',
    push: 'published',
    effect: (now) => ({ publicationDate: now, rejectionReason: null, updatedAt: now }),
  },
  // A schedule shows nothing yet, but other instances' publishing clocks re-arm on the change.
  {
    act: 'schedule',
    from: NOT_LIVE,
    to: 'SCHEDULED',
    who: 'ADMIN',
    revision: null,
    audit: 'article.schedule',
    announce: 'article',
    effect: (now, { publishAt }) => ({ publicationDate: publishAt, rejectionReason: null, updatedAt: now }),
  },
  {
    act: 'unschedule',
    from: ['SCHEDULED'],
    to: 'PENDING',
    who: 'ADMIN',
    revision: null,
    audit: 'article.unschedule',
    announce: 'article',
    effect: (now) => ({ publicationDate: submissionTime, updatedAt: now }),
  },
  {
    act: 'reject',
    from: ['PENDING', 'REJECTED'],
    to: 'REJECTED',
    who: 'ADMIN',
    revision: null,
    audit: 'article.reject',
    announce: 'article',
    effect: (now, { reason }) => ({ rejectionReason: reason ?? null, updatedAt: now }),
  },
  {
    act: 'reject',
    from: ['SCHEDULED'],
    to: 'REJECTED',
    who: 'ADMIN',
    revision: null,
    audit: 'article.reject',
    announce: 'article',
    effect: (now, { reason }) => ({ rejectionReason: reason ?? null, publicationDate: submissionTime, updatedAt: now }),
  },
  {
    act: 'breaking',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: null,
    audit: 'article.breaking',
    announce: 'breaking',
    push: 'breaking',
    effect: (_now, { breakingUntil }) => ({ breakingUntil }),
  },
  {
    act: 'clear-breaking',
    from: LIVE,
    to: 'SAME',
    who: 'ADMIN',
    revision: null,
    audit: 'article.breaking_clear',
    announce: 'breaking',
    effect: () => ({ breakingUntil: null }),
  },
  // Live coverage ('లైవ్'): an approved story; its updates are server/live/.
  {
    act: 'go-live',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: null,
    audit: 'article.live_start',
    announce: 'article',
    effect: (now) => ({ liveSince: now, liveEndedAt: null }),
  },
  {
    act: 'end-live',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: null,
    audit: 'article.live_end',
    announce: 'article',
    effect: (now) => ({ liveEndedAt: now }),
  },
  // Corrections readers see under a published story (server/notes/corrections.ts): a revision and
  // a new modification time each (the correction's own, set by its work), and the story's pages
  // and feeds are dropped.
  {
    act: 'correct',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: 'CORRECTION',
    audit: 'article.correction_add',
    announce: 'article',
  },
  {
    act: 'remove-correction',
    from: ['APPROVED'],
    to: 'SAME',
    who: 'ADMIN',
    revision: 'CORRECTION_REMOVED',
    audit: 'article.correction_remove',
    announce: 'article',
  },
  { act: 'delete', from: LIVE, to: 'GONE', who: 'ADMIN', revision: null, audit: 'article.delete', announce: 'article' },

  // The publishing clock: publicationDate already holds the scheduled time.
  {
    act: 'publish',
    from: ['SCHEDULED'],
    to: 'APPROVED',
    who: 'SYSTEM',
    revision: null,
    audit: 'article.publish',
    announce: 'article',
    push: 'published',
    effect: touched,
  },
];

/** The 409 of an act refused in the article's status. */
const REFUSED: Partial<Record<Act, string>> = {
  edit: ARTICLE_MESSAGES.approvedNotEditable,
  delete: ARTICLE_MESSAGES.approvedNotDeletable,
  approve: REVIEW_MESSAGES.alreadyApproved,
  schedule: REVIEW_MESSAGES.alreadyApproved,
  unschedule: REVIEW_MESSAGES.notScheduled,
  reject: REVIEW_MESSAGES.cannotRejectApproved,
  breaking: REVIEW_MESSAGES.breakingNotApproved,
  'go-live': LIVE_MESSAGES.notApproved,
  'end-live': LIVE_MESSAGES.notApproved,
  correct: CORRECTION_MESSAGES.notPublished,
  'remove-correction': CORRECTION_MESSAGES.notPublished,
};
export const LIFECYCLE_MESSAGES = {
  refused: 'The article’s status does not allow this.',
  notAllowed: 'Your role may not do this to an article.',
} as const;

/** Who is acting: a signed-in user (their role decides which rows apply) or the server itself. */
export type Caller = { role: Role | 'SYSTEM'; id?: number; username?: string; ip?: string | null };

const whoOf = (caller: Caller): Who | null =>
  caller.role === 'ADMIN' ? 'ADMIN' : caller.role === 'REPORTER' ? 'AUTHOR' : caller.role === 'SYSTEM' ? 'SYSTEM' : null;

/**
 * The table's answer for an act by a caller on an article (`null`: it does not exist yet or is
 * missing). Refusals are the HTTP answers: 403 when the caller's role has no such act; 404 when the
 * article is missing, is not theirs (a reporter never sees another's) or is on the other side of
 * the draft line (a DRAFT exists only for the draft acts, and they see nothing else); 409 when its
 * status does not allow the act.
 */
export function decide(act: Act, caller: Caller, article: { status: ApprovalStatus; reporterId: number } | null): Transition {
  const who = whoOf(caller);
  const rows = TRANSITIONS.filter((t) => t.act === act && t.who === who);
  if (rows.length === 0) throw forbidden(LIFECYCLE_MESSAGES.notAllowed);
  const draftAct = rows.some((t) => t.from.includes('DRAFT'));
  const missing = () => notFound(draftAct ? DRAFT_MESSAGES.notFound : REVIEW_MESSAGES.notFound);
  if (!article) {
    const created = rows.find((t) => t.from.includes('NEW'));
    if (!created) throw missing();
    return created;
  }
  if ((article.status === 'DRAFT') !== draftAct) throw missing();
  if (who === 'AUTHOR' && article.reporterId !== caller.id) throw missing();
  const row = rows.find((t) => t.from.includes(article.status));
  if (!row) throw conflict(REFUSED[act] ?? LIFECYCLE_MESSAGES.refused);
  return row;
}

/** The article as `move` locked it, for the act's own work. */
export type LockedArticle = {
  id: number;
  status: ApprovalStatus;
  reporterId: number;
  title: string;
  publicationDate: Date;
  version: number;
};

/** What an act's own work adds to the transition: its columns, and what the audit entry and revision say. */
export type Step = {
  set?: ArticleColumns;
  /** The audit entry's line (default: the title as locked). */
  summary?: string;
  details?: Record<string, unknown>;
  restoredFromId?: number;
  /** The correction a CORRECTION or CORRECTION_REMOVED revision records. */
  correction?: string;
};

export type MoveRequest = {
  act: Act;
  id: number;
  by: Caller;
  input?: ActInput;
  details?: Record<string, unknown>;
  /** The version the writer started from (undefined: not checked); an older one is StaleVersion. */
  expectVersion?: number;
};

/**
 * Thrown under the row lock when a write names an older version than the stored one: the
 * transaction rolls back, and ./versions.ts answers 409 with the story as it is now.
 */
export class StaleVersion extends Error {
  readonly articleId: number;
  constructor(articleId: number) {
    super('A newer version of the article was saved.');
    this.articleId = articleId;
  }
}

/** Every saved change is a new version, with who made it (null: the publishing clock) and when. */
const newVersion = (by: Caller, now: Date): ArticleColumns => ({
  version: sql`${articles.version} + 1`,
  changedById: by.role === 'SYSTEM' ? null : (by.id ?? null),
  changedAt: now,
});

const actorOf = (by: Caller): AuditActor | null | undefined =>
  by.role === 'SYSTEM' ? null : by.id === undefined ? undefined : { id: by.id, username: by.username, ip: by.ip };

function editorOf(by: Caller) {
  if (by.id === undefined || by.username === undefined) throw new Error('A revision needs the editor who made it.');
  return { id: by.id, username: by.username };
}

async function categoriesOf(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: articleCategories.categoryId })
    .from(articleCategories)
    .where(inArray(articleCategories.articleId, ids));
  return rows.map((r) => r.id);
}

export function createLifecycle(deps: Pick<ServiceDeps, 'images' | 'clock'> & Partial<Pick<ServiceDeps, 'config'>>) {
  const mailOn = deps.config?.mail.smtpUrl !== undefined;
  /** The status update of a transition with the act's own columns (nothing to write: no query). */
  async function writeStatus(tx: Tx, req: MoveRequest, t: Transition, now: Date, set: ArticleColumns = {}) {
    const columns: ArticleColumns = {
      ...set,
      ...t.effect?.(now, req.input ?? {}),
      ...(t.to === 'SAME' || t.to === 'GONE' ? {} : { approvalStatus: t.to }),
      ...newVersion(req.by, now),
    };
    await tx.update(articles).set(columns).where(eq(articles.id, req.id));
  }

  function announce(notice: Notice, t: Transition, articleIds: number[], categories: Iterable<number>) {
    if (t.announce === 'article') notice({ kind: 'articles', articles: articleIds, categories: [...new Set(categories)] });
    else if (t.announce === 'breaking') notice({ kind: 'breaking' });
  }

  return {
    /**
     * Moves one existing article by `act`: locks it, checks the table, runs the act's own `work`
     * (its fields, categories, images; it may refuse with an error), writes the status and the
     * act's columns, keeps the revision and the audit entry, and gives `notice` the change.
     */
    async move(tx: Tx, notice: Notice, req: MoveRequest, work?: (article: LockedArticle) => Promise<Step | void>) {
      const [locked] = await tx
        .select({
          id: articles.id,
          status: articles.approvalStatus,
          reporterId: articles.reporterId,
          title: articles.title,
          publicationDate: articles.publicationDate,
          version: articles.version,
        })
        .from(articles)
        .where(eq(articles.id, req.id))
        .for('update');
      const t = decide(req.act, req.by, locked ?? null);
      if (!locked) throw new Error(`${req.act} makes a new article: use start().`);
      const article: LockedArticle = locked;
      // Checked under the row lock: of two writes from the same version, the second finds it moved on.
      if (req.expectVersion !== undefined && req.expectVersion !== article.version) throw new StaleVersion(req.id);
      const now = deps.clock.now();
      // The listings it leaves matter as much as those it joins.
      const categoriesBefore = t.announce === 'article' ? await categoryIdsOf(tx, req.id) : [];
      // An article with no history yet gets its state as a first revision before it changes.
      if (t.revision && article.status !== 'DRAFT') await ensureFirstRevision(tx, req.id);
      const step = (await work?.(article)) ?? {};
      if (t.to === 'GONE') {
        // Its images, including those only its revision history still shows; categories, image
        // links and revisions go with the row (ON DELETE CASCADE).
        const imageIds = await imageIdsHeldBy(tx, req.id);
        await tx.delete(articles).where(eq(articles.id, req.id));
        if (imageIds.length) await deps.images.release(imageIds, tx);
      } else await writeStatus(tx, req, t, now, step.set);
      if (t.revision)
        await recordRevision(tx, req.id, editorOf(req.by), t.revision, {
          previousStatus: t.revision === 'CREATE' ? null : article.status,
          restoredFromId: step.restoredFromId,
          correction: step.correction,
        });
      // The audit entry outlives a deleted article: it has no foreign key to it.
      if (t.audit)
        await record(tx, {
          actor: actorOf(req.by),
          action: t.audit,
          objectType: 'article',
          objectId: req.id,
          summary: step.summary ?? article.title,
          details: step.details ?? req.details ?? (t.to === 'GONE' ? { status: article.status } : undefined),
        });
      if (t.push) await queuePush(tx, t.push, [req.id], now);
      if (t.push === 'breaking') await queueBreakingMail(tx, [req.id], mailOn);
      if (t.announce === 'article') {
        const after = t.to === 'GONE' ? [] : await categoryIdsOf(tx, req.id);
        announce(notice, t, [req.id], [...categoriesBefore, ...after]);
      } else announce(notice, t, [req.id], []);
      return { article, transition: t };
    },

    /** A new article by `act` (create, draft): `insert` writes it with the table's status and returns its id. */
    async start(tx: Tx, notice: Notice, req: { act: Act; by: Caller }, insert: (status: ApprovalStatus) => Promise<number>) {
      const t = decide(req.act, req.by, null);
      if (t.to === 'SAME' || t.to === 'GONE') throw new Error(`${req.act} does not make an article.`);
      const id = await insert(t.to);
      if (t.revision) await recordRevision(tx, id, editorOf(req.by), t.revision);
      if (t.audit) await record(tx, { actor: actorOf(req.by), action: t.audit, objectType: 'article', objectId: id });
      announce(notice, t, [id], t.announce === 'article' ? await categoryIdsOf(tx, id) : []);
      return id;
    },

    /**
     * Moves every article `where` selects by `act` in one UPDATE ... WHERE status IN (from):
     * two instances doing it at once cannot move a row twice (the second finds it moved).
     * Returns the ids moved.
     */
    async moveWhere(
      tx: Tx,
      notice: Notice,
      req: {
        act: Act;
        by: Caller;
        now?: Date;
        where: SQL;
        details?: (row: { publicationDate: Date }) => Record<string, unknown>;
      },
    ): Promise<number[]> {
      const t = TRANSITIONS.find((row) => row.act === req.act && row.who === whoOf(req.by));
      if (!t) throw forbidden(LIFECYCLE_MESSAGES.notAllowed);
      if (t.to === 'SAME' || t.to === 'GONE' || t.from.includes('NEW') || t.from.includes('DRAFT'))
        throw new Error(`${req.act} cannot move articles in a batch.`);
      const now = req.now ?? deps.clock.now();
      const rows = await tx
        .update(articles)
        .set({ ...t.effect?.(now, {}), approvalStatus: t.to, ...newVersion(req.by, now) })
        .where(and(inArray(articles.approvalStatus, t.from as ApprovalStatus[]), req.where))
        .returning({ id: articles.id, title: articles.title, publicationDate: articles.publicationDate });
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      if (t.audit)
        await recordMany(
          tx,
          rows.map((r) => ({
            actor: actorOf(req.by),
            action: t.audit!,
            objectType: 'article' as const,
            objectId: r.id,
            summary: r.title,
            details: req.details?.(r),
          })),
        );
      if (t.push) await queuePush(tx, t.push, ids, now);
      if (t.push === 'breaking') await queueBreakingMail(tx, ids, mailOn);
      announce(notice, t, ids, t.announce === 'article' ? await categoriesOf(tx, ids) : []);
      return ids;
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

/** An in-process call of the admin's service (its routes let only admins in). */
export const adminCaller = (actor?: AuditActor | null): Caller => ({
  role: 'ADMIN',
  ...(actor ? { id: actor.id, username: actor.username, ip: actor.ip } : {}),
});
