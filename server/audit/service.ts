// The audit trail: every editorial and administrative act is recorded once, by `record(tx, ...)`
// inside the same transaction as the act, so a failed act leaves no entry and a recorded one
// happened. Entries are only ever inserted and read: the app has no way to edit or delete them.
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditEntries } from '../db/schema.ts';
import { containsPattern } from '../db/sql.ts';
import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from '../../contract/audit.ts';

/** Who acts, and from which address. `null` actor: the server itself (a scheduled publication). */
export type AuditActor = { id: number; username?: string; ip?: string | null };

export type AuditRecord = {
  actor: AuditActor | null | undefined;
  action: AuditAction;
  objectType: 'article' | 'user' | 'category' | 'navigation' | 'featured' | 'about' | 'ad' | 'tag';
  objectId?: string | number | null;
  /** One line a person reads on the Activity screen (a title, a name, a reason). */
  summary?: string;
  details?: Record<string, unknown>;
  /** When, if not now (the scheduled publication is recorded at its scheduled time). */
  at?: Date;
};

/** The signed-in caller and the client address (behind trusted proxies, X-Forwarded-For). */
export function actorOf(request: FastifyRequest): AuditActor | undefined {
  const user = request.user;
  return user ? { id: user.id, username: user.username, ip: request.ip } : undefined;
}

const SUMMARY_MAX = 300;

/** Records one act. Call it with the act's own transaction. */
export async function record(tx: DbOrTx, entry: AuditRecord): Promise<void> {
  await recordMany(tx, [entry]);
}

export async function recordMany(tx: DbOrTx, entries: AuditRecord[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEntries).values(
    entries.map((e) => ({
      ...(e.at ? { at: e.at } : {}),
      actorId: e.actor?.id ?? null,
      actorName: e.actor ? (e.actor.username ?? `user #${e.actor.id}`) : 'system',
      action: e.action,
      objectType: e.objectType,
      objectId: e.objectId === undefined || e.objectId === null ? null : String(e.objectId),
      summary: (e.summary ?? '').slice(0, SUMMARY_MAX),
      details: e.details ?? null,
      ip: e.actor?.ip ?? null,
    })),
  );
}

/** A sign-in of staff (ADMIN or REPORTER) is recorded; readers' sign-ins are not the newsroom's business. */
export async function recordStaffSignIn(
  tx: DbOrTx,
  user: { id: number; username: string; role: string },
  ip: string | null | undefined,
): Promise<void> {
  if (user.role !== 'ADMIN' && user.role !== 'REPORTER') return;
  await record(tx, {
    actor: { id: user.id, username: user.username, ip },
    action: 'auth.sign_in',
    objectType: 'user',
    objectId: user.id,
    summary: user.role,
  });
}

export function createAuditService({ db }: ServiceDeps) {
  return {
    /** Newest first; actor is a case-insensitive part of the username; from/to bound the time. */
    async list(q: AuditQuery): Promise<AuditPage> {
      const where = and(
        q.actor ? sql`lower(${auditEntries.actorName}) like ${containsPattern(q.actor.toLowerCase())}` : undefined,
        q.action ? eq(auditEntries.action, q.action) : undefined,
        q.from ? gte(auditEntries.at, q.from) : undefined,
        q.to ? lte(auditEntries.at, q.to) : undefined,
      );
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(auditEntries).where(where),
        db
          .select()
          .from(auditEntries)
          .where(where)
          .orderBy(desc(auditEntries.at), desc(auditEntries.id))
          .limit(q.size)
          .offset(q.page * q.size),
      ]);
      const totalElements = Number(total);
      return {
        content: rows.map((r): AuditEntry => ({
          id: r.id,
          at: r.at.toISOString(),
          actorId: r.actorId,
          actorName: r.actorName,
          action: r.action,
          objectType: r.objectType,
          objectId: r.objectId,
          summary: r.summary,
          details: (r.details as Record<string, unknown> | null) ?? null,
          ip: r.ip,
        })),
        totalPages: Math.ceil(totalElements / q.size),
        totalElements,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
