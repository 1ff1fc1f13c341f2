// Mail as admins see it (the outbox's pending, failed and undeliverable counts, the latest failures)
// and the per-address counter of mails a stranger may ask for (a reset link, a confirmation), kept
// in the database so every instance counts the same.
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { mailOutbox, mailThrottle, mailUndeliverable } from '../db/schema.ts';
import { mailConfigured } from './outbox.ts';
import { KEEP_SENT_MS } from './sender.ts';
import type { MailStatus } from '../../contract/mail.ts';

/** A stranger's asking for mail to one address: at most this many mails in THROTTLE_WINDOW_MS. */
export const MAILS_PER_ADDRESS = 3;
export const THROTTLE_WINDOW_MS = 3_600_000;

export const normalAddress = (email: string) => email.trim().toLowerCase();

export function createMailService(deps: ServiceDeps) {
  const { db, config } = deps;
  return {
    configured: () => mailConfigured(config.mail),

    /**
     * Counts one request for mail under `key` (e.g. `forgot:<address>`); false once the window's
     * allowance is spent. Unknown addresses are counted too: the answer tells nobody whether an
     * account exists.
     */
    async allow(key: string): Promise<boolean> {
      const fresh = sql`${mailThrottle.windowStart} < now() - make_interval(secs => ${THROTTLE_WINDOW_MS / 1000})`;
      const [row] = await db
        .insert(mailThrottle)
        .values({ key: key.slice(0, 300), count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: mailThrottle.key,
          set: {
            count: sql`case when ${fresh} then 1 else ${mailThrottle.count} + 1 end`,
            windowStart: sql`case when ${fresh} then now() else ${mailThrottle.windowStart} end`,
          },
        })
        .returning({ count: mailThrottle.count });
      return row.count <= MAILS_PER_ADDRESS;
    },

    async isUndeliverable(email: string): Promise<boolean> {
      const [row] = await db
        .select({ address: mailUndeliverable.address })
        .from(mailUndeliverable)
        .where(eq(mailUndeliverable.address, normalAddress(email)));
      return row !== undefined;
    },

    async status(): Promise<MailStatus> {
      const byStatus = await db
        .select({ status: mailOutbox.status, n: count() })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'failed']))
        .groupBy(mailOutbox.status);
      const [undeliverable] = await db.select({ n: count() }).from(mailUndeliverable);
      const failures = await db
        .select({ to: mailOutbox.toAddress, kind: mailOutbox.kind, error: mailOutbox.lastError, at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['failed', 'undeliverable']))
        .orderBy(desc(mailOutbox.id))
        .limit(10);
      const refused = await db.select().from(mailUndeliverable).orderBy(desc(mailUndeliverable.createdAt)).limit(20);
      return {
        configured: mailConfigured(config.mail),
        pending: byStatus.find((r) => r.status === 'pending')?.n ?? 0,
        failed: byStatus.find((r) => r.status === 'failed')?.n ?? 0,
        undeliverable: undeliverable.n,
        recentFailures: failures.map((f) => ({ ...f, error: f.error ?? '', at: f.at.toISOString() })),
        undeliverableAddresses: refused.map((r) => ({ address: r.address, reason: r.reason, at: r.createdAt.toISOString() })),
      };
    },

    /** Sent account mails and stale throttle counters are useless rows (newsletter rows stay: they prove an edition went). */
    async sweep() {
      await db
        .delete(mailOutbox)
        .where(
          sql`${mailOutbox.status} = 'sent' and ${mailOutbox.editionId} is null and ${mailOutbox.sentAt} < ${new Date(Date.now() - KEEP_SENT_MS).toISOString()}::timestamptz`,
        );
      await db
        .delete(mailThrottle)
        .where(sql`${mailThrottle.windowStart} < now() - make_interval(secs => ${THROTTLE_WINDOW_MS / 1000})`);
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
