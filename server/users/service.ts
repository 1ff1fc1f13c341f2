// User management rules, written once: listing, role changes, deletion and the
// reassignment of a reporter's articles. Every write is one transaction and ends the user's sessions.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { Tx } from '../db/client.ts';
import type { Notice } from '../db/changes.ts';
import { articles, users } from '../db/schema.ts';
import { EXACT_COUNT_LIMIT } from '../db/count.ts';
import { containsPattern, SQL_STATE, sqlState } from '../db/sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Role } from '../../contract/roles.ts';
import { record, type AuditActor } from '../audit/service.ts';
import {
  USER_MESSAGES,
  type MessageResult,
  type UserPage,
  type UserListQuery,
  type AssignRoleInput,
  type ReassignAndUpdateRoleInput,
  type ReassignAndDeleteInput,
} from '../../contract/users.ts';

/** The signed-in admin making the change (username and address go to the audit trail). */
export type Actor = AuditActor;

const summary = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  // Qualified by hand: Drizzle leaves columns unqualified in a single-table select, which would make
  // the subquery compare articles.id with articles.reporter_id. Counted up to one past
  // EXACT_COUNT_LIMIT: a reporter with a million articles made every user search count them all.
  articleCount:
    sql<number>`(select count(*) from (select 1 from ${articles} where ${articles}.${sql.identifier(articles.reporterId.name)} = ${users}.${sql.identifier(users.id.name)} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) c)`.mapWith(
      Number,
    ),
};

/** LIKE treats % and _ as wildcards: a search for "a_b" must find only "a_b". */

export function createUsersService({ db, sessions, changes }: ServiceDeps) {
  /**
   * Locks the rows (ascending id, so two admins working on the same pair cannot deadlock) for the rest of
   * the transaction: FOR UPDATE also blocks a concurrent article insert that references the user, so the
   * article count read afterwards stays true until commit. A row deleted meanwhile is simply absent.
   */
  async function lockUsers(tx: Tx, ids: number[]) {
    const rows = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for('update');
    return new Map(rows.map((r) => [r.id, r]));
  }

  async function articleCountOf(tx: Tx, userId: number) {
    const [row] = await tx.select({ n: count() }).from(articles).where(eq(articles.reporterId, userId));
    return Number(row?.n ?? 0);
  }

  function refuseOwnAccount(actor: Actor, userId: number) {
    if (actor.id === userId) throw forbidden(USER_MESSAGES.ownAccount);
  }

  /** Checks of both reassign calls; returns after moving every article (all statuses) to the target. */
  async function reassignWithin(tx: Tx, notice: Notice, actor: Actor, fromId: number, toId: number) {
    refuseOwnAccount(actor, fromId);
    if (fromId === toId) throw badRequest(USER_MESSAGES.sameReporter);
    const locked = await lockUsers(tx, [fromId, toId]);
    const from = locked.get(fromId);
    const to = locked.get(toId);
    if (!from) throw notFound(USER_MESSAGES.notFound);
    if (!to) throw notFound(USER_MESSAGES.targetNotFound);
    if (from.role !== 'REPORTER') throw conflict(USER_MESSAGES.sourceNotReporter);
    if (to.role !== 'REPORTER') throw conflict(USER_MESSAGES.targetNotReporter);
    const moved = await tx
      .update(articles)
      .set({ reporterId: toId })
      .where(eq(articles.reporterId, fromId))
      .returning({ id: articles.id });
    await record(tx, {
      actor,
      action: 'user.reassign',
      objectType: 'user',
      objectId: fromId,
      summary: `${from.username} → ${to.username}`,
      details: { from: from.username, to: to.username, toId, articles: moved.length },
    });
    // reporterName on public article pages changes when articles move: page caches must drop them.
    if (moved.length > 0) notice({ kind: 'reporters' });
  }

  /** A role change ends every session (the next request must see the new role) and is recorded. */
  async function changeRole(tx: Tx, actor: Actor, id: number, from: Role, to: Role) {
    const [changed] = await tx.update(users).set({ role: to }).where(eq(users.id, id)).returning({ username: users.username });
    await sessions.destroyAllForUser(id, tx);
    await record(tx, {
      actor,
      action: 'user.role_change',
      objectType: 'user',
      objectId: id,
      summary: `${changed?.username ?? id}: ${from} → ${to}`,
      details: { username: changed?.username, from, to },
    });
  }

  /** Ends the account's sessions, deletes it and records what it was. */
  async function deleteAccount(tx: Tx, actor: Actor, id: number) {
    await sessions.destroyAllForUser(id, tx);
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({ username: users.username, role: users.role });
    await record(tx, {
      actor,
      action: 'user.delete',
      objectType: 'user',
      objectId: id,
      summary: deleted?.username ?? '',
      details: { username: deleted?.username, role: deleted?.role },
    });
  }

  return {
    async list({ page, size, role, search }: UserListQuery): Promise<UserPage> {
      const conditions: SQL[] = [];
      if (role) conditions.push(eq(users.role, role));
      if (search) conditions.push(sql`lower(${users.username}) like ${containsPattern(search.toLowerCase())} escape '\\'`);
      const where = conditions.length ? and(...conditions) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(users).where(where);
      const content = await db
        .select(summary)
        .from(users)
        .where(where)
        .orderBy(sql`lower(${users.username})`, asc(users.id))
        .limit(size)
        .offset(page * size);
      const totalElements = Number(total);
      return { content, totalPages: Math.ceil(totalElements / size), totalElements };
    },

    /** A direct role change; a reporter with articles must go through reassignAndUpdateRole. */
    async assignRole(actor: Actor, input: AssignRoleInput): Promise<MessageResult> {
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${input.username})`)
          .limit(1);
        if (!found) throw notFound(USER_MESSAGES.notFound);
        refuseOwnAccount(actor, found.id);
        const user = (await lockUsers(tx, [found.id])).get(found.id);
        if (!user) throw notFound(USER_MESSAGES.notFound);
        if (user.role === input.role) return;
        if (user.role === 'REPORTER' && (await articleCountOf(tx, user.id)) > 0)
          throw conflict(USER_MESSAGES.reporterHasArticlesRole);
        await changeRole(tx, actor, user.id, user.role, input.role);
      });
      return { message: USER_MESSAGES.roleChanged };
    },

    async reassignAndUpdateRole(actor: Actor, input: ReassignAndUpdateRoleInput): Promise<MessageResult> {
      await changes.write(async (tx, notice) => {
        await reassignWithin(tx, notice, actor, input.fromReporterId, input.toReporterId);
        await changeRole(tx, actor, input.fromReporterId, 'REPORTER', input.newRole as Role);
      });
      return { message: USER_MESSAGES.reassignedAndRoleChanged };
    },

    async reassignAndDeleteReporter(actor: Actor, input: ReassignAndDeleteInput): Promise<MessageResult> {
      await changes.write(async (tx, notice) => {
        await reassignWithin(tx, notice, actor, input.fromReporterId, input.toReporterId);
        await deleteAccount(tx, actor, input.fromReporterId);
      });
      return { message: USER_MESSAGES.reassignedAndDeleted };
    },

    /** Deletes an account that owns no articles; a reporter with articles needs reassignAndDeleteReporter. */
    async deleteUser(actor: Actor, id: number): Promise<MessageResult> {
      refuseOwnAccount(actor, id);
      try {
        await db.transaction(async (tx) => {
          // A second, concurrent delete waits on this lock and then finds no row: 404, not 500.
          const user = (await lockUsers(tx, [id])).get(id);
          if (!user) throw notFound(USER_MESSAGES.notFound);
          if ((await articleCountOf(tx, id)) > 0) throw conflict(USER_MESSAGES.reporterHasArticlesDelete);
          await deleteAccount(tx, actor, id);
        });
      } catch (error) {
        // The articles foreign key (ON DELETE RESTRICT) is the last word if an article slipped in.
        if (sqlState(error) === SQL_STATE.foreignKeyViolation) throw conflict(USER_MESSAGES.reporterHasArticlesDelete);
        throw error;
      }
      return { message: USER_MESSAGES.deleted };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
