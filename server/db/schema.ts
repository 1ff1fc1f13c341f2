// One schema for every entity of docs/product.md. Runs unchanged on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  type AnyPgColumn,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['USER', 'REPORTER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    createdAt: createdAt(),
    // The author page (migration 0023): the reporter's Telugu name, a short bio and a photo.
    displayName: text('display_name'),
    bio: text('bio'),
    photoImageId: integer('photo_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    // Mail (migration 0030): when the owner proved the address by following a link sent to it.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  },
  (t) => [
    // Usernames and emails are unique ignoring case, so "Ravi" cannot impersonate "ravi".
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.username),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a leaked table does not hand out live sessions.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    // Idle timeout: a session unused for longer than SESSION_IDLE_DAYS ends.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(btrim(${t.name}))`)],
);

/** An uploaded image after the pipeline: stored as WebP variants named `${key}-${width}.webp`. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(), // content hash of the re-encoded image
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variantWidths: integer('variant_widths').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_key_idx').on(t.key)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    content: text('content').notNull().default(''),
    youtubeVideoId: text('youtube_video_id'),
    region: text('region'),
    shortDescription: text('short_description').notNull().default(''),
    // The reporter's own summary (null: none); when set it is the short description.
    summary: text('summary'),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // DRAFT: an unfinished article, seen only by its author (server/articles/drafts.ts).
    approvalStatus: text('approval_status', { enum: ['DRAFT', 'PENDING', 'REJECTED', 'APPROVED', 'SCHEDULED'] })
      .notNull()
      .default('PENDING'),
    rejectionReason: text('rejection_reason'),
    // Creation time until approval, then the approval time.
    publicationDate: timestamp('publication_date', { withTimezone: true }).notNull().defaultNow(),
    // Title and body text normalised for search (NFC, ZWNJ/ZWJ removed, lower-cased).
    searchText: text('search_text').notNull().default(''),
    // Breaking news: leads the ticker and the home page banner until this time (null: not breaking).
    breakingUntil: timestamp('breaking_until', { withTimezone: true }),
    // Tenglish search (contract/tenglish.ts): the title, and title and body, romanised and folded.
    // NULL until written; rows saved before this column existed are filled in at start.
    titleLatin: text('title_latin'),
    // The title as search normalises text (contract/text.ts normaliseForSearch: NFC, no ZWNJ/ZWJ,
    // lower case), kept by PostgreSQL on every write: search tests it on hundreds of rows a query,
    // and normalising there cost more than the test.
    searchTitle: text('search_title').generatedAlwaysAs(sql`translate(lower(normalize(title, NFC)), E'\\u200c\\u200d', '')`),
    searchLatin: text('search_latin'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Bumped by every saved change (server/articles/lifecycle.ts): a write based on an older
    // version is refused (409), naming who saved the newer one and when (migration 0028).
    version: integer('version').notNull().default(1),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    // District edition (migration 0024): a slug of contract/districts.ts, or null.
    district: text('district'),
    // Live coverage: live from liveSince until liveEndedAt (null: still live); its updates in liveUpdates.
    liveSince: timestamp('live_since', { withTimezone: true }),
    liveEndedAt: timestamp('live_ended_at', { withTimezone: true }),
  },
  (t) => [
    // Plain (not DESC) index: Drizzle's .desc() adds NULLS LAST which ORDER BY x DESC cannot use.
    // The id too (migration 0007): deep pages of newest-first lists become index-only scans.
    index('articles_status_pubdate_id_idx').on(t.approvalStatus, t.publicationDate, t.id),
    index('articles_reporter_pubdate_id_idx').on(t.reporterId, t.approvalStatus, t.publicationDate, t.id),
    index('articles_breaking_idx').on(t.breakingUntil),
    index('articles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('articles_search_latin_trgm_idx').using('gin', sql`${t.searchLatin} gin_trgm_ops`),
    // Search's title tier and the lists' title filter (server/search/service.ts): the normalised
    // title and its Tenglish copy.
    index('articles_search_title_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
    index('articles_title_latin_trgm_idx').using('gin', sql`${t.titleLatin} gin_trgm_ops`),
    // The Tenglish backfill at start looks for rows without a Latin copy: none, usually, and
    // without this index finding that out read the whole archive on every start.
    index('articles_search_latin_missing_idx')
      .on(t.id)
      .where(sql`${t.searchLatin} is null`),
    // The home page's videos: few articles have one, so walking every approved one to find six is slow.
    index('articles_video_idx')
      .on(t.publicationDate, t.id)
      .where(sql`${t.approvalStatus} = 'APPROVED' and ${t.youtubeVideoId} is not null`),
    // A district's page and feed: its approved stories, newest first.
    index('articles_district_pubdate_idx')
      .on(t.district, t.publicationDate, t.id)
      .where(sql`${t.approvalStatus} = 'APPROVED' and ${t.district} is not null`),
    check('articles_video_id_format', sql`${t.youtubeVideoId} IS NULL OR ${t.youtubeVideoId} ~ '^[A-Za-z0-9_-]{11}$'`),
  ],
);

export const articleCategories = pgTable(
  'article_categories',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    // 0 is the article's first (primary) category: related and latest-news use it.
    position: integer('position').notNull().default(0),
    // Copies of the article's status and publication date, so a category's newest-first page is
    // one index range. Kept equal by triggers in the writing transaction (migration 0010): any
    // value written here is replaced by the article's.
    approvalStatus: text('approval_status', { enum: ['DRAFT', 'PENDING', 'REJECTED', 'APPROVED', 'SCHEDULED'] })
      .notNull()
      .default('PENDING'),
    publicationDate: timestamp('publication_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryId] }),
    index('article_categories_category_idx').on(t.categoryId, t.articleId),
    index('article_categories_listing_idx')
      .on(t.categoryId, t.publicationDate, t.articleId)
      .where(sql`${t.approvalStatus} = 'APPROVED'`),
  ],
);

/** Who has a story's edit or review screen open (server/editing/service.ts), kept by heartbeats. */
export const articleEditors = pgTable(
  'article_editors',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    // Another person took the story over: this person's screen learns it at its next heartbeat.
    takenOverById: integer('taken_over_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenOverAt: timestamp('taken_over_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), index('article_editors_seen_idx').on(t.seenAt)],
);

export const articleImages = pgTable(
  'article_images',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(), // 0 is the cover
  },
  (t) => [primaryKey({ columns: [t.articleId, t.position] })],
);

export const navigationEntries = pgTable('navigation_entries', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  displayOrder: integer('display_order').notNull(),
});

export const featuredCategories = pgTable('featured_categories', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
});

/** The single About Us page: at most one row (id is always 1). */
export const aboutUs = pgTable(
  'about_us',
  {
    id: integer('id').primaryKey().default(1),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('about_us_single_row', sql`${t.id} = 1`)],
);

export const aboutUsImages = pgTable('about_us_images', {
  position: integer('position').primaryKey(),
  imageId: integer('image_id')
    .notNull()
    .references(() => images.id, { onDelete: 'restrict' }),
});

export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
    durationInSeconds: integer('duration_in_seconds').notNull().default(5),
    link: text('link'),
    /** Readers see the ad from this moment (null: from its upload) until `endsAt` (null: no end). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('ads_window_order', sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`)],
);

/**
 * How far each time-driven announcement has been checked, shared by every instance
 * (server/db/due-clock.ts): the claim of (previousUpTo, checkedUpTo] is one statement.
 */
export const clockMarks = pgTable('clock_marks', {
  name: text('name').primaryKey(),
  checkedUpTo: timestamp('checked_up_to', { withTimezone: true }).notNull(),
  previousUpTo: timestamp('previous_up_to', { withTimezone: true }).notNull(),
});

/** The share picture each public story has now (server/share-cards/): the version in its files' names. */
export const shareCards = pgTable('share_cards', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
});

// Account security: sign-in throttling per account, password reset links, two-step sign-in.

/** Failed sign-ins per account name as typed (lower-cased), shared by every instance. */
export const signInFailures = pgTable('sign_in_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** One-time password reset links; the table keeps the token's SHA-256 only. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** 'admin': issued by an admin (turns two-step sign-in off when used); 'self': asked for by mail (migration 0030). */
    kind: text('kind', { enum: ['admin', 'self'] })
      .notNull()
      .default('admin'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** TOTP (RFC 6238) for staff: the secret, set up first and enabled once a code proves it. */
export const staffTotp = pgTable('staff_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The last time step accepted: a code seen once is not accepted again.
  lastStep: integer('last_step'),
});

export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

// Audit trail: who did what to which object, when and from where. No foreign keys on purpose:
// entries outlive the articles and users they name, and the app never updates or deletes them.
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    summary: text('summary').notNull().default(''),
    details: jsonb('details'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at, t.id),
    index('audit_entries_actor_idx').on(sql`lower(${t.actorName})`, t.at),
    index('audit_entries_action_idx').on(t.action, t.at),
  ],
);

// About Us history (server/about/revisions.ts): its text after each save; BEFORE is the text found
// at the first save this history saw (a page made before it was kept).
export const aboutRevisions = pgTable(
  'about_revisions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['CREATE', 'EDIT', 'RESTORE', 'BEFORE'] }).notNull(),
    content: text('content').notNull(),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    editorName: text('editor_name'),
    restoredFromId: integer('restored_from_id'),
    createdAt: createdAt(),
  },
  (t) => [check('about_revisions_kind', sql`${t.kind} IN ('CREATE', 'EDIT', 'RESTORE', 'BEFORE')`)],
);

// Revision history: one row per saved change of a (non-draft) article's text, categories, images,
// region or video, written in the transaction of the change (server/articles/revisions.ts).
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept when the account is deleted: the history still says who.
    editorName: text('editor_name'),
    kind: text('kind', { enum: ['CREATE', 'EDIT', 'RESUBMIT', 'RESTORE', 'CORRECTION', 'CORRECTION_REMOVED'] }).notNull(),
    restoredFromId: integer('restored_from_id'),
    // The article's status before this save: a REJECTED one marks a resubmission.
    previousStatus: text('previous_status'),
    // A CORRECTION or CORRECTION_REMOVED revision: the correction's text (migration 0029).
    correction: text('correction'),
    title: text('title').notNull(),
    author: text('author').notNull(),
    content: text('content').notNull(),
    region: text('region'),
    youtubeVideoId: text('youtube_video_id'),
    categoryIds: integer('category_ids').array().notNull(),
    imageIds: integer('image_ids').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('article_revisions_article_idx').on(t.articleId, t.id)],
);

export type UserRow = typeof users.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

// WordPress import: one row per imported post (keyed on its guid, so a re-run imports nothing
// twice), and the old permalinks that answer 301 to the new article.
export const wordpressImports = pgTable(
  'wordpress_imports',
  {
    guid: text('guid').primaryKey(),
    wordpressId: integer('wordpress_id').notNull(),
    // Null once the imported article is deleted: the post is still "done" on a re-run.
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wordpress_imports_article_idx').on(t.articleId)],
);

export const legacyRedirects = pgTable(
  'legacy_redirects',
  {
    // A normalised old path ('/2019/05/hello-world') or query key ('?p=123').
    path: text('path').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [index('legacy_redirects_article_idx').on(t.articleId)],
);

// Most read: article views counted in hourly buckets (no row per view, no cookie, no address).
export const articleViews = pgTable(
  'article_views',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The start of the hour (UTC) the views fell in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.hour] }), index('article_views_hour_idx').on(t.hour)],
);

// Tenglish search: every word of every article's folded Latin copy (articles.search_latin), once.
// A Latin query word is looked up here for its other spellings (trigram similarity), which are
// then matched as whole words: a similarity test against each article's whole text is far dearer
// per row (docs/performance.md). Filled by triggers on articles (migration 0012); derived, so
// backups leave it out.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    // A query form's approximate matches: the words whose consonants start as its own (migration 0022).
    index('search_words_consonants_idx').using('btree', sql`translate(${t.word}, 'aeiou', '') text_pattern_ops`),
  ],
);

// The editors' title filter counts its matches exactly up to 10,000 (server/db/count.ts). Tested
// on articles, each match read a page of the wide article row, which holds only a couple; many
// titles share a page here, so the count reads far fewer pages (docs/performance.md). A copy of
// each article's normalised title, reporter and status, kept by triggers on articles in the
// writing transaction (migration 0021); derived, so backups leave it out.
export const articleTitles = pgTable(
  'article_titles',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').notNull(),
    approvalStatus: text('approval_status', { enum: ['DRAFT', 'PENDING', 'REJECTED', 'APPROVED', 'SCHEDULED'] }).notNull(),
    searchTitle: text('search_title').notNull(),
  },
  (t) => [index('article_titles_search_title_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`)],
);

// Web Push (server/push/, migration 0025). The site's VAPID key pair: one row, made at first start.
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  () => [check('push_keys_one_row', sql`"id" = 1`)],
);

/** A reader's browser that asked for pushes: no account, only what its push service gave it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'breaking', 'category:<id>', 'district:<slug>'. */
    topics: text('topics').array().notNull(),
    createdAt: createdAt(),
    /** The last push queued for it: a story's category or district push skips it for 10 minutes after. */
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_topics_idx').using('gin', t.topics),
  ],
);

/** The outbox: a story to push, written in the transaction of the act (breaking, approval, publication). */
export const pushEvents = pgTable(
  'push_events',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['breaking', 'published'] }).notNull(),
    /** Who hears of it: subscriptions holding any of these topics. */
    topics: text('topics').array().notNull(),
    createdAt: createdAt(),
    /** Turned into deliveries (null: not yet). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (t) => [
    // One push per story and kind, however often it is marked.
    uniqueIndex('push_events_article_kind_idx').on(t.articleId, t.kind),
    index('push_events_pending_idx')
      .on(t.id)
      .where(sql`${t.expandedAt} IS NULL`),
    check('push_events_kind', sql`${t.kind} IN ('breaking', 'published')`),
  ],
);

/** One push to one subscription; deleted once the push service took it (or gave up on). */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => pushEvents.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Being sent by an instance until then; after it (a crash) another may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_deliveries_event_subscription_idx').on(t.eventId, t.subscriptionId),
    index('push_deliveries_due_idx').on(t.dueAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

// Live coverage: the updates posted on a live story, shown newest first (migration 0024).
export const liveUpdates = pgTable(
  'live_updates',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    // Sanitised like an article body (server/articles/sanitize.ts).
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_updates_article_idx').on(t.articleId, t.createdAt, t.id)],
);

/** A story's note or correction: who wrote it (the username kept if the account goes), its text and when. */
const storyRemark = () => ({
  id: serial('id').primaryKey(),
  articleId: integer('article_id')
    .notNull()
    .references(() => articles.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

// The desk's private thread on a story, between admins and its reporter (migration 0029); never public.
export const articleNotes = pgTable('article_notes', storyRemark(), (t) => [
  index('article_notes_article_idx').on(t.articleId, t.id),
]);

// The corrections readers see under a published story ('సవరణ', migration 0029); added or removed, never edited.
export const articleCorrections = pgTable('article_corrections', storyRemark(), (t) => [
  index('article_corrections_article_idx').on(t.articleId, t.id),
]);

// Topics (migration 0023): a tag's slug is its address (/tag/{slug}); an article has up to 10.
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_slug_idx').on(t.slug)],
);

/** A tag's old addresses (a renamed tag's slug before, a merged tag's slug): each 301s to its tag. */
export const tagOldSlugs = pgTable(
  'tag_old_slugs',
  {
    slug: text('slug').primaryKey(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tag_old_slugs_tag_idx').on(t.tagId)],
);

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tags_tag_idx').on(t.tagId, t.articleId)],
);

// Saved stories (migration 0023): a signed-in reader's list, newest saved first.
export const savedArticles = pgTable(
  'saved_articles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('saved_articles_user_saved_idx').on(t.userId, t.savedAt, t.articleId),
  ],
);

// Mail (migration 0030, server/mail/): one-use links proving an address (registration, a change of
// address), the outbox, addresses refused for good, and counters of mails a stranger may ask for.
export const emailTokens = pgTable(
  'email_tokens',
  {
    /** sha256 of the link's token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'change'] }).notNull(),
    /** The address proved by following the link (for 'change', the new one). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

export const mailUndeliverable = pgTable('mail_undeliverable', {
  address: text('address').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

export const mailThrottle = pgTable('mail_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

export const NEWSLETTER_LISTS = ['daily', 'breaking'] as const;

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    list: text('list', { enum: NEWSLETTER_LISTS }).notNull(),
    district: text('district'),
    /** The capability in the confirmation and unsubscribe links (random, one per subscription). */
    token: text('token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastBreakingAt: timestamp('last_breaking_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_list_idx').on(t.email, t.list),
    uniqueIndex('newsletter_subscriptions_token_idx').on(t.token),
  ],
);

export const newsletterEditions = pgTable(
  'newsletter_editions',
  {
    id: serial('id').primaryKey(),
    list: text('list', { enum: NEWSLETTER_LISTS }).notNull(),
    /** The day (YYYY-MM-DD, India time) of a daily edition; `article:<id>` of a breaking one. */
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    articleIds: integer('article_ids').array().notNull(),
    createdAt: createdAt(),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_editions_list_key_idx').on(t.list, t.key)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the mail is for ('password-reset', 'verify-email', 'newsletter-confirm', 'newsletter', ...). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Written with the row; a newsletter's is rendered when sent (edition and subscription). */
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    editionId: integer('edition_id').references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => newsletterSubscriptions.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'undeliverable'] })
      .notNull()
      .default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_edition_subscription_idx').on(t.editionId, t.subscriptionId),
    index('mail_outbox_pending_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_edition_idx').on(t.editionId, t.status),
  ],
);
