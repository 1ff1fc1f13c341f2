// Newsletters (docs/operations.md): subscriptions with double opt-in, the morning digest and
// breaking news by mail. Editions are rows (one per day, one per breaking story); sending one is
// one outbox row per edition and subscription under a unique key, so whichever instance or run
// expands or sends it, each address gets each edition at most once, and a run cut short resumes
// from the rows still pending. The sender (../mail/sender.ts) renders those rows as it sends them.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { mailOutbox, mailUndeliverable, newsletterEditions, newsletterSubscriptions } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { loadArticles } from '../articles/model.ts';
import { queueMail } from '../mail/outbox.ts';
import { normalAddress, type MailService } from '../mail/service.ts';
import type { MailRenderer, MailSender } from '../mail/sender.ts';
import { linkMail } from '../mail/templates.ts';
import type { ReadershipService } from '../readership/service.ts';
import type { HomepageService } from '../homepage/service.ts';
import type { Article } from '../../contract/articles.ts';
import { MAIL_MESSAGES } from '../../contract/mail.ts';
import {
  BREAKING_MAIL_GAP_MINUTES,
  LIST_NAMES,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  type NewsletterOverview,
  type SubscribeInput,
} from '../../contract/newsletter.ts';
import { groupStories, renderNewsletter, type Edition } from './render.ts';

const IST_OFFSET_MS = 330 * 60_000;
/** The day in India (YYYY-MM-DD) at a moment. */
export const indiaDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
/** Stories of a featured section published in the last day, at most this many a section. */
const PER_SECTION = 3;
const TICK_MS = 60_000;
/** Rows a raw statement returned (the drivers answer an array or `{ rows }`). */
const rowCount = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;

type Deps = ServiceDeps & { mail: MailService; mailSender: MailSender; readership: ReadershipService; homepage: HomepageService };

export function createNewsletterService(deps: Deps) {
  const { db, config, clock, changes, mail, mailSender, readership, homepage, log } = deps;
  const warn = (message: string, detail?: unknown) => (log as Console).warn(`newsletter: ${message}`, detail ?? '');
  const editions = new Map<number, Promise<{ edition: Edition; stories: Article[] } | null>>();
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let ticking: Promise<void> | undefined;

  const requireMail = () => {
    if (!mail.configured()) throw new HttpError(503, MAIL_MESSAGES.notConfigured);
  };

  /** The digest's stories now: the most-read of the last day, then each featured section's stories of the last day. */
  async function digestStories(): Promise<number[]> {
    const since = clock.now().getTime() - DAY_MS;
    const recent = (a: Article) => new Date(a.publicationDate).getTime() >= since;
    const [mostRead, page] = await Promise.all([readership.mostRead(), homepage.get()]);
    const ids = new Set(mostRead.map((a) => a.id));
    for (const section of page.featuredCategorySections)
      for (const a of section.articles.filter(recent).slice(0, PER_SECTION)) ids.add(a.id);
    return [...ids];
  }

  const dailySubject = (day: string) => `${LIST_NAMES.daily} · ${day}`;

  /** The edition's text parts, kept in memory while it is being sent. */
  function editionOf(id: number) {
    if (!editions.has(id))
      editions.set(
        id,
        (async () => {
          const [row] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.id, id));
          if (!row) return null;
          const stories = (await loadArticles(db, row.articleIds)).filter((a) => a.approvalStatus === 'APPROVED');
          return { edition: { list: row.list, key: row.key, subject: row.subject }, stories };
        })(),
      );
    return editions.get(id)!;
  }

  const render: MailRenderer = async (row) => {
    if (row.editionId === null || row.subscriptionId === null) return null;
    const [sub] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.id, row.subscriptionId), isNotNull(newsletterSubscriptions.confirmedAt)));
    const made = await editionOf(row.editionId);
    if (!sub || !made || made.stories.length === 0) return null;
    return renderNewsletter({ ...made, district: sub.district, token: sub.token, publicUrl: config.publicUrl });
  };
  mailSender.setRenderer(render);

  /** One outbox row for each confirmed subscriber of the list who has not had this edition (the unique key decides). */
  async function expand(editionId: number, list: 'daily' | 'breaking'): Promise<number> {
    const rows = await db.execute(sql`
      INSERT INTO mail_outbox (kind, to_address, edition_id, subscription_id)
      SELECT 'newsletter', s.email, ${editionId}, s.id FROM newsletter_subscriptions s
      WHERE s.list = ${list} AND s.confirmed_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM mail_undeliverable u WHERE u.address = s.email)
      ON CONFLICT (edition_id, subscription_id) DO NOTHING
      RETURNING id`);
    return rowCount(rows);
  }

  /**
   * The day's edition (made by the first run to ask; its stories then stay the same) and its rows
   * for every confirmed subscriber who has not had it. Returns the edition and how many rows were added.
   */
  async function sendDaily(day = indiaDay(clock.now())): Promise<{ editionId: number; queued: number }> {
    requireMail();
    const articleIds = await digestStories();
    await db
      .insert(newsletterEditions)
      .values({ list: 'daily', key: day, subject: dailySubject(day), articleIds })
      .onConflictDoNothing();
    const [edition] = await db
      .select({ id: newsletterEditions.id })
      .from(newsletterEditions)
      .where(and(eq(newsletterEditions.list, 'daily'), eq(newsletterEditions.key, day)));
    const queued = await expand(edition.id, 'daily');
    await db.update(newsletterEditions).set({ expandedAt: clock.now() }).where(eq(newsletterEditions.id, edition.id));
    void mailSender.kick();
    return { editionId: edition.id, queued };
  }

  /** Breaking editions the lifecycle wrote become rows, for subscribers without a breaking mail in the last 30 minutes. */
  async function expandBreaking(): Promise<number> {
    let queued = 0;
    for (;;) {
      const more = await db.transaction(async (tx) => {
        const [edition] = await tx
          .select()
          .from(newsletterEditions)
          .where(and(eq(newsletterEditions.list, 'breaking'), isNull(newsletterEditions.expandedAt)))
          .orderBy(newsletterEditions.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!edition) return false;
        const now = clock.now();
        const since = new Date(now.getTime() - BREAKING_MAIL_GAP_MINUTES * 60_000).toISOString();
        // One statement: the subscribers chosen are marked as mailed and get their row together.
        const rows = await tx.execute(sql`
          WITH chosen AS (
            UPDATE newsletter_subscriptions SET last_breaking_at = ${now.toISOString()}::timestamptz
            WHERE list = 'breaking' AND confirmed_at IS NOT NULL
              AND (last_breaking_at IS NULL OR last_breaking_at <= ${since}::timestamptz)
              AND NOT EXISTS (SELECT 1 FROM mail_undeliverable u WHERE u.address = email)
            RETURNING id, email
          )
          INSERT INTO mail_outbox (kind, to_address, edition_id, subscription_id)
          SELECT 'newsletter', email, ${edition.id}, id FROM chosen
          ON CONFLICT (edition_id, subscription_id) DO NOTHING
          RETURNING id`);
        queued += rowCount(rows);
        await tx.update(newsletterEditions).set({ expandedAt: now }).where(eq(newsletterEditions.id, edition.id));
        return true;
      });
      if (!more) break;
    }
    if (queued) void mailSender.kick();
    return queued;
  }

  /** Every instance, every minute and after a content change: breaking mails; the morning digest once it is time. */
  async function tick() {
    if (!mail.configured()) return;
    await expandBreaking();
    const now = clock.now();
    const india = new Date(now.getTime() + IST_OFFSET_MS);
    const { hour, minute } = config.mail.dailyAt;
    if (india.getUTCHours() * 60 + india.getUTCMinutes() < hour * 60 + minute) return;
    const day = indiaDay(now);
    const [made] = await db
      .select({ id: newsletterEditions.id })
      .from(newsletterEditions)
      .where(and(eq(newsletterEditions.list, 'daily'), eq(newsletterEditions.key, day)));
    if (!made) await sendDaily(day);
  }

  const runTick = () => {
    ticking ??= tick()
      .catch((error: unknown) => warn('could not prepare mail', error))
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  };

  async function countsOf(list: 'daily' | 'breaking') {
    const undeliverable = sql`exists (select 1 from ${mailUndeliverable} u where u.address = ${newsletterSubscriptions.email})`;
    const [row] = await db
      .select({
        confirmed:
          sql<number>`count(*) filter (where ${newsletterSubscriptions.confirmedAt} is not null and not ${undeliverable})`.mapWith(
            Number,
          ),
        pending: sql<number>`count(*) filter (where ${newsletterSubscriptions.confirmedAt} is null)`.mapWith(Number),
        undeliverable: sql<number>`count(*) filter (where ${undeliverable})`.mapWith(Number),
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.list, list));
    return row;
  }

  async function preview() {
    const tomorrow = indiaDay(new Date(clock.now().getTime() + DAY_MS));
    const stories = (await loadArticles(db, await digestStories())).filter((a) => a.approvalStatus === 'APPROVED');
    return { subject: dailySubject(tomorrow), stories };
  }

  return {
    render,
    sendDaily,
    expandBreaking,
    tick: runTick,

    /** Double opt-in: new (or still unconfirmed) lists get one confirmation mail; the answer never says which. */
    async subscribe(input: SubscribeInput): Promise<void> {
      requireMail();
      const email = normalAddress(input.email);
      if (!(await mail.allow(`newsletter:${email}`)) || (await mail.isUndeliverable(email))) return;
      await db.transaction(async (tx) => {
        const rows = [];
        for (const list of input.lists) {
          const [row] = await tx
            .insert(newsletterSubscriptions)
            .values({ email, list, district: input.district ?? null, token: randomBytes(24).toString('base64url') })
            .onConflictDoUpdate({
              target: [newsletterSubscriptions.email, newsletterSubscriptions.list],
              set: { district: sql`coalesce(excluded.district, ${newsletterSubscriptions.district})` },
            })
            .returning();
          rows.push(row);
        }
        const pending = rows.filter((r) => !r.confirmedAt);
        if (pending.length === 0) return;
        const names = pending.map((r) => LIST_NAMES[r.list]).join(', ');
        const message = linkMail(
          `చందా నిర్ధారించండి: ${names}`,
          [
            `"${names}" మెయిల్‌లు పొందడానికి ఈ లింక్ తెరిచి చందా నిర్ధారించండి.`,
            'Open this link to confirm your subscription. Nothing is sent to you until you do.',
          ],
          { label: 'చందా నిర్ధారించండి', url: `${config.publicUrl}${NEWSLETTER_PATHS.confirm(pending[0].token)}` },
          ['మీరు అడగకపోతే ఈ మెయిల్‌ను పట్టించుకోకండి. If you did not ask, ignore this mail.'],
        );
        await queueMail(tx, config.mail, { kind: 'newsletter-confirm', to: email, ...message });
      });
      void mailSender.kick();
    },

    /** Confirms every list the address asked for and has not confirmed. */
    async confirm(token: string): Promise<{ message: string }> {
      const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.token, token));
      if (!row) throw notFound(NEWSLETTER_MESSAGES.unknown);
      await db
        .update(newsletterSubscriptions)
        .set({ confirmedAt: clock.now() })
        .where(and(eq(newsletterSubscriptions.email, row.email), isNull(newsletterSubscriptions.confirmedAt)));
      return { message: NEWSLETTER_MESSAGES.confirmed };
    },

    /** Ends the token's list for its address. */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const gone = await db
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.token, token))
        .returning({ id: newsletterSubscriptions.id });
      if (gone.length === 0) throw notFound(NEWSLETTER_MESSAGES.unknown);
      return { message: NEWSLETTER_MESSAGES.unsubscribed };
    },

    async overview(): Promise<NewsletterOverview> {
      const latest = await db.select().from(newsletterEditions).orderBy(desc(newsletterEditions.id)).limit(10);
      const tallies = latest.length
        ? await db
            .select({ id: mailOutbox.editionId, status: mailOutbox.status, n: count() })
            .from(mailOutbox)
            .where(
              inArray(
                mailOutbox.editionId,
                latest.map((e) => e.id),
              ),
            )
            .groupBy(mailOutbox.editionId, mailOutbox.status)
        : [];
      const tally = (id: number, status: string) => tallies.find((t) => t.id === id && t.status === status)?.n ?? 0;
      const next = await preview();
      const { hour, minute } = config.mail.dailyAt;
      return {
        mailConfigured: mail.configured(),
        dailyAt: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
        lists: { daily: await countsOf('daily'), breaking: await countsOf('breaking') },
        editions: latest.map((e) => ({
          id: e.id,
          list: e.list,
          key: e.key,
          subject: e.subject,
          createdAt: e.createdAt.toISOString(),
          sent: tally(e.id, 'sent'),
          failed: tally(e.id, 'failed') + tally(e.id, 'undeliverable'),
          pending: tally(e.id, 'pending'),
        })),
        preview: {
          subject: next.subject,
          groups: groupStories(next.stories, null).map((g) => ({
            name: g.name,
            articles: g.articles.map((a) => ({ id: a.id, title: a.title })),
          })),
        },
      };
    },

    /** Tomorrow's digest as it stands, to the admin's own address. */
    async sendTest(to: string): Promise<void> {
      requireMail();
      const next = await preview();
      const rendered = renderNewsletter({
        edition: { list: 'daily', key: 'test', subject: `[TEST] ${next.subject}` },
        stories: next.stories,
        district: null,
        token: 'test',
        publicUrl: config.publicUrl,
      });
      await queueMail(db, config.mail, {
        kind: 'newsletter-test',
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      void mailSender.kick();
    },

    start() {
      if (timer || !mail.configured()) return;
      unsubscribe = changes.onChange((_change, notices) => {
        if (notices.some((n) => n.kind === 'breaking' || n.kind === 'articles')) void runTick();
      });
      timer = setInterval(() => void runTick(), TICK_MS);
      timer.unref();
      void runTick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      unsubscribe?.();
      await ticking;
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
