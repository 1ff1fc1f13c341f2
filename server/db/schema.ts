// One schema for every entity of SPEC.md §3. Runs unchanged on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approvalStatus: text('approval_status', { enum: ['PENDING', 'REJECTED', 'APPROVED'] })
      .notNull()
      .default('PENDING'),
    rejectionReason: text('rejection_reason'),
    // Creation time until approval, then the approval time (DESIGN.md §2).
    publicationDate: timestamp('publication_date', { withTimezone: true }).notNull().defaultNow(),
    // Title and body text normalised for search (NFC, ZWNJ/ZWJ removed, lower-cased).
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Plain (not DESC) index: Drizzle's .desc() adds NULLS LAST which ORDER BY x DESC cannot use.
    // The id too (migration 0007): deep pages of newest-first lists become index-only scans.
    index('articles_status_pubdate_id_idx').on(t.approvalStatus, t.publicationDate, t.id),
    index('articles_reporter_pubdate_id_idx').on(t.reporterId, t.approvalStatus, t.publicationDate, t.id),
    index('articles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Archive scale: the lists' title filter (ILIKE '%word%').
    index('articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
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
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryId] }),
    index('article_categories_category_idx').on(t.categoryId, t.articleId),
  ],
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

export const ads = pgTable('ads', {
  id: serial('id').primaryKey(),
  imageId: integer('image_id')
    .notNull()
    .references(() => images.id, { onDelete: 'restrict' }),
  durationInSeconds: integer('duration_in_seconds').notNull().default(5),
  link: text('link'),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
