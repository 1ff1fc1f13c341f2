// The WordPress import: two streaming passes over the export. The first collects what posts refer
// to (authors, categories, attachments: small; ./references.ts); the second imports each post in
// its own transaction, keyed on its guid, so a re-run or a resumed run imports nothing twice. Each
// post goes through its passes in turn: its reporter (./reporters.ts), its pictures, its article
// and its old addresses (./redirects.ts).
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { articleCategories, articleImages, articles, categories, wordpressImports } from '../db/schema.ts';
import { MAX_UPLOAD_BYTES, type PreparedImage } from '../media/images.ts';
import { searchTextFor, shortDescriptionFor } from '../articles/text.ts';
import { tenglishFold } from '../../contract/tenglish.ts';
import { MAX_TAGS, TAG_NAME_MAX, tagSlug } from '../../contract/tags.ts';
import { writeArticleTags } from '../tags/service.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { normaliseForSearch, stripTags } from '../../contract/text.ts';
import { readWxr, type WxrItem } from './wxr.ts';
import { decodeEntities, truncateName } from './categories.ts';
import { importContent } from './content.ts';
import { renderCover } from './cover.ts';
import { readReferences, type References } from './references.ts';
import { createReporters, loginOf } from './reporters.ts';
import { keepOldAddresses } from './redirects.ts';

/** The article's search columns (as searchFieldsFor in articles/text.ts) with the post's tags added. */
function searchFieldsWithTags(title: string, html: string, tags: string[]) {
  const searchText = [searchTextFor(title, html), normaliseForSearch(tags.join(' '))].filter(Boolean).join(' ');
  return { searchText, titleLatin: tenglishFold(title), searchLatin: tenglishFold(searchText) };
}

/** A post's tags as topics (contract/tags.ts): trimmed, cut to 50 characters, one per slug, the first 10. */
export function importedTags(names: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = truncateName(raw.normalize('NFC').trim().replace(/\s+/g, ' '), TAG_NAME_MAX).trim();
    const slug = tagSlug(name);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    kept.push(name);
    if (kept.length === MAX_TAGS) break;
  }
  return kept;
}

export type ImportOptions = {
  file: string;
  /** A copy of wp-content/uploads; without it every post gets a generated cover. */
  uploadsDir?: string;
  dryRun?: boolean;
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Checked between posts: true stops the import cleanly (Ctrl-C). */
  shouldStop?: () => boolean;
};

export type ImportReport = {
  dryRun: boolean;
  imported: { approved: number; pending: number };
  alreadyImported: number;
  skipped: Record<string, number>;
  failed: { title: string; line: number; message: string }[];
  imagesMissing: { post: string; url: string; reason: string }[];
  generatedCovers: { post: string; articleId?: number }[];
  reporters: { username: string; password?: string; existing: boolean }[];
  categoriesCreated: string[];
  stopped: boolean;
};

const DEFAULT_CATEGORY = 'Uncategorized';
const UNCATEGORISED = new Set(['uncategorized']);

/** Why a post is not imported, or its new status. */
export function classify(
  item: Pick<WxrItem, 'postType' | 'status' | 'password'>,
): { status: 'APPROVED' | 'PENDING' } | { skip: string } {
  const type = item.postType || 'post';
  if (type !== 'post') {
    const reasons: Record<string, string> = {
      page: 'page',
      attachment: 'attachment',
      revision: 'revision',
      nav_menu_item: 'menu item',
    };
    return { skip: reasons[type] ?? `post type ${type}` };
  }
  switch (item.status) {
    case 'publish':
      // A password-protected post is not public on WordPress either.
      return item.password ? { skip: 'password-protected' } : { status: 'APPROVED' };
    case 'draft':
    case 'pending':
    case 'future':
      return { status: 'PENDING' };
    case 'private':
      return { skip: 'private' };
    case 'trash':
      return { skip: 'trash' };
    default:
      return { skip: `status ${item.status || 'none'}` };
  }
}

/** post_date_gmt ('2019-05-01 10:00:00', UTC), else post_date, else the RSS pubDate. */
export function postDate(item: Pick<WxrItem, 'postDate' | 'postDateGmt'> & { pubDate?: string }): Date | null {
  for (const value of [item.postDateGmt, item.postDate]) {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value ?? '');
    if (m && m[1] !== '0000') return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  }
  return null;
}

/** The file under `uploadsDir` an image URL names (…/wp-content/uploads/2019/05/a.jpg → 2019/05/a.jpg). */
export function uploadsPathOf(url: string, uploadsDir: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url.replaceAll('&amp;', '&'), 'http://wordpress.invalid').pathname);
  } catch {
    return null;
  }
  const marker = ['/wp-content/uploads/', '/uploads/', '/files/'].find((m) => pathname.includes(m));
  const relative = marker ? pathname.slice(pathname.indexOf(marker) + marker.length) : pathname.replace(/^\/+/, '');
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, relative);
  // Never outside the uploads folder, whatever the URL says ("../").
  return file.startsWith(root + path.sep) ? file : null;
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The readable file for an image URL: the file itself; for a resized copy that is missing
 * (photo-300x200.jpg) the original; for a file over the upload limit, the largest size WordPress
 * made of it that fits.
 */
async function resolveImageFile(url: string, uploadsDir: string): Promise<{ file: string } | { missing: string }> {
  const found = await findImageFile(url, uploadsDir);
  if ('missing' in found) return found;
  // The name is under the folder, but a link there may lead anywhere on the host (../../etc):
  // only a file whose real path stays inside the real uploads folder is read.
  const [real, root] = await Promise.all([realpath(found.file), realpath(uploadsDir)]);
  if (!real.startsWith(root + path.sep)) return { missing: 'a link that leads outside the uploads folder' };
  return found;
}

async function findImageFile(url: string, uploadsDir: string): Promise<{ file: string } | { missing: string }> {
  const file = uploadsPathOf(url, uploadsDir);
  if (!file) return { missing: 'not under the uploads folder' };
  let candidate = file;
  if (!(await exists(candidate))) {
    const original = file.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1');
    if (original === file || !(await exists(original))) return { missing: 'file not found' };
    candidate = original;
  }
  if ((await stat(candidate)).size <= MAX_UPLOAD_BYTES) return { file: candidate };
  const dir = path.dirname(candidate);
  const ext = path.extname(candidate);
  const base = path.basename(candidate, ext).replace(/-scaled$/, '');
  const sizes: { file: string; width: number }[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)x\\d+${ext.replace('.', '\\.')}$`, 'i').exec(
      name,
    );
    if (m) sizes.push({ file: path.join(dir, name), width: Number(m[1]) });
  }
  for (const size of sizes.sort((a, b) => b.width - a.width)) {
    if ((await stat(size.file)).size <= MAX_UPLOAD_BYTES) return { file: size.file };
  }
  return { missing: 'larger than 2 MB and no smaller copy' };
}

/** A post's categories: its own, by full name, the first one primary, at most 20. */
function categoriesOf(item: WxrItem, categoryNames: Map<string, string>): string[] {
  const names: string[] = [];
  for (const c of item.categories) {
    if (c.domain !== 'category') continue;
    const name = categoryNames.get(c.nicename) ?? truncateName(decodeEntities(c.name));
    if (name && !names.includes(name)) names.push(name);
  }
  // WordPress files a post under "Uncategorized" only when it has nothing else.
  const ownNames = names.length > 1 ? names.filter((n) => !UNCATEGORISED.has(n.toLowerCase())) : names;
  return (ownNames.length > 0 ? ownNames : [DEFAULT_CATEGORY]).slice(0, 20);
}

/** What the article of a post is made of, read from the post alone. */
function articleOf(item: WxrItem, status: 'APPROVED' | 'PENDING', refs: References) {
  const content = importContent(item.content);
  // Limits in UTF-16 units, as the edit form counts them, so an imported article stays editable.
  const plainTitle = truncateName(stripTags(item.title), 300);
  const title = plainTitle || truncateName(stripTags(content.html), 80) || `Untitled post ${item.postId}`;
  // Tags: domain "post_tag" (WXR 1.1+) or "tag" (WXR 1.0).
  // They become the story's topics under the site's rules: at most 10, each cut to 50
  // characters, one per slug, none without a letter or digit.
  const tags = importedTags(
    item.categories.filter((c) => c.domain === 'post_tag' || c.domain === 'tag').map((c) => decodeEntities(c.name)),
  );
  const reporterLogin = loginOf(item.creator);
  return {
    content,
    title,
    categories: categoriesOf(item, refs.categoryNames),
    tags,
    status,
    date: postDate(item) ?? new Date(),
    reporterLogin,
    byline: refs.authors.get(reporterLogin)?.displayName || reporterLogin,
  };
}
type PostArticle = ReturnType<typeof articleOf>;

/** The pictures a post shows, as URLs: the featured image first, then the content's, then its galleries. */
function pictureUrlsOf(item: WxrItem, content: PostArticle['content'], refs: References): string[] {
  const urls: string[] = [];
  const featured = refs.attachments.get(Number(item.meta._thumbnail_id));
  if (featured) urls.push(featured);
  for (const picture of content.pictures) {
    const original = picture.attachmentId ? refs.attachments.get(picture.attachmentId) : undefined;
    urls.push(picture.url);
    if (original && original !== picture.url) urls.push(original);
  }
  for (const gallery of content.galleries) {
    const ids = gallery === 'attached' ? (refs.attachedTo.get(item.postId) ?? []) : gallery;
    for (const id of ids) {
      const url = refs.attachments.get(id);
      if (url) urls.push(url);
    }
  }
  return [...new Set(urls)];
}

/**
 * The guid a post is kept under, and whether a run imported it already. Two posts with one guid
 * (WordPress's own test data has them): the later one is told apart by its post id rather than
 * taken for a re-run.
 */
async function importKeyOf(db: DbOrTx, item: WxrItem): Promise<{ guid: string; imported: boolean }> {
  const importedAs = async (guid: string) =>
    (
      await db
        .select({ wordpressId: wordpressImports.wordpressId })
        .from(wordpressImports)
        .where(eq(wordpressImports.guid, guid))
        .limit(1)
    )[0];
  const guid = item.guid || item.link || `wordpress-post-${item.postId}`;
  const seen = await importedAs(guid);
  if (!seen || seen.wordpressId === item.postId) return { guid, imported: Boolean(seen) };
  const ownGuid = `${guid}#${item.postId}`;
  return { guid: ownGuid, imported: Boolean(await importedAs(ownGuid)) };
}

async function findCategory(tx: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(btrim(${categories.name})) = lower(btrim(${name}))`)
    .limit(1);
  return row?.id;
}

/** One run's state: its options, its report so far, the first pass's references, its reporters. */
type Run = { opts: ImportOptions; report: ImportReport; refs: References; reporterFor: (login: string) => Promise<number> };

export function createWordpressImporter(deps: ServiceDeps) {
  const { db } = deps;

  /** The pictures pass of one post: each found file checked and re-encoded; none found: a cover is drawn. */
  async function picturesFor({ opts, report }: Run, { title, categories }: PostArticle, pictureUrls: string[]) {
    const prepared: PreparedImage[] = [];
    const seen = new Set<string>();
    for (const url of pictureUrls) {
      if (prepared.length >= MAX_ARTICLE_IMAGES) break;
      if (!opts.uploadsDir) {
        report.imagesMissing.push({ post: title, url, reason: 'no --uploads folder given' });
        continue;
      }
      const found = await resolveImageFile(url, opts.uploadsDir);
      if ('missing' in found) {
        report.imagesMissing.push({ post: title, url, reason: found.missing });
        continue;
      }
      if (seen.has(found.file)) continue;
      seen.add(found.file);
      try {
        prepared.push(
          await deps.images.prepare({ filename: path.basename(found.file), data: await readFile(found.file) }, 'article'),
        );
      } catch (error) {
        report.imagesMissing.push({ post: title, url, reason: (error as Error).message });
      }
    }
    const cover = prepared.length === 0;
    // A dry run only says a cover would be drawn: drawing thousands of them would tell nothing more.
    if (cover && !opts.dryRun) {
      prepared.push(
        await deps.images.prepare({ filename: 'cover.jpg', data: await renderCover(title, categories[0]) }, 'article'),
      );
    }
    return { prepared, cover };
  }

  /**
   * The articles pass of one post: its categories (made when missing), pictures, article, tags and
   * import key in one transaction, with its old addresses (./redirects.ts). Returns the article's
   * id and the categories it made; a failure stores no picture.
   */
  async function writeArticle(item: WxrItem, guid: string, post: PostArticle, reporterId: number, prepared: PreparedImage[]) {
    const created: string[] = [];
    try {
      const articleId = await db.transaction(async (tx) => {
        const categoryIds: number[] = [];
        for (const name of post.categories) {
          let id = await findCategory(tx, name);
          if (id === undefined) {
            [{ id }] = await tx.insert(categories).values({ name }).returning({ id: categories.id });
            created.push(name);
          }
          if (!categoryIds.includes(id)) categoryIds.push(id);
        }
        const stored = await deps.images.store(prepared, tx);
        const [row] = await tx
          .insert(articles)
          .values({
            title: post.title,
            author: truncateName(decodeEntities(post.byline), 120),
            content: post.content.html,
            youtubeVideoId: post.content.youtubeVideoId,
            region: null,
            shortDescription: shortDescriptionFor(post.content.html),
            // Tags are the story's topics, and join its search text.
            ...searchFieldsWithTags(post.title, post.content.html, post.tags),
            reporterId,
            approvalStatus: post.status,
            publicationDate: post.date,
            createdAt: post.date,
            updatedAt: post.date,
          })
          .returning({ id: articles.id });
        await tx
          .insert(articleCategories)
          .values(categoryIds.map((categoryId, position) => ({ articleId: row.id, categoryId, position })));
        await writeArticleTags(tx, row.id, post.tags);
        await tx
          .insert(articleImages)
          .values(stored.map((image, position) => ({ articleId: row.id, imageId: image.id, position })));
        await tx.insert(wordpressImports).values({ guid, wordpressId: item.postId, articleId: row.id });
        await keepOldAddresses(tx, item, row.id);
        return row.id;
      });
      return { articleId, created };
    } catch (error) {
      await deps.images.discard(prepared);
      throw error;
    }
  }

  /** A dry run's account of a post: the reporter and categories it would make, what it would be. */
  async function countDryRun({ report, reporterFor }: Run, post: PostArticle, cover: boolean) {
    await reporterFor(post.reporterLogin);
    for (const name of post.categories) {
      if (!(await findCategory(db, name)) && !report.categoriesCreated.includes(name)) report.categoriesCreated.push(name);
    }
    if (cover) report.generatedCovers.push({ post: post.title });
    report.imported[post.status === 'APPROVED' ? 'approved' : 'pending']++;
  }

  /** One post of the second pass, into the report. Returns whether readers can now see a new article. */
  async function importPost(run: Run, item: WxrItem): Promise<boolean> {
    const { opts, report } = run;
    const verdict = classify(item);
    if ('skip' in verdict) {
      report.skipped[verdict.skip] = (report.skipped[verdict.skip] ?? 0) + 1;
      return false;
    }
    const { guid, imported } = await importKeyOf(db, item);
    if (imported) {
      report.alreadyImported++;
      return false;
    }
    const post = articleOf(item, verdict.status, run.refs);
    const { prepared, cover } = await picturesFor(run, post, pictureUrlsOf(item, post.content, run.refs));
    if (opts.dryRun) {
      await countDryRun(run, post, cover);
      return false;
    }
    const reporterId = await run.reporterFor(post.reporterLogin);
    const { articleId, created } = await writeArticle(item, guid, post, reporterId, prepared);
    report.categoriesCreated.push(...created);
    if (cover) report.generatedCovers.push({ post: post.title, articleId });
    report.imported[post.status === 'APPROVED' ? 'approved' : 'pending']++;
    return post.status === 'APPROVED';
  }

  return {
    async run(opts: ImportOptions): Promise<ImportReport> {
      const report: ImportReport = {
        dryRun: opts.dryRun === true,
        imported: { approved: 0, pending: 0 },
        alreadyImported: 0,
        skipped: {},
        failed: [],
        imagesMissing: [],
        generatedCovers: [],
        reporters: [],
        categoriesCreated: [],
        stopped: false,
      };
      // Pass 1: what posts refer to. Reporters are made as posts need them.
      const refs = await readReferences(opts.file);
      const reporterFor = createReporters(db, {
        authors: refs.authors,
        dryRun: report.dryRun,
        note: (entry) => report.reporters.push(entry),
      });
      const run: Run = { opts, report, refs, reporterFor };

      // Pass 2: the posts.
      let done = 0;
      let changed = false;
      for await (const entry of readWxr(opts.file)) {
        if (entry.kind !== 'item') continue;
        if (entry.item.postType === 'attachment') {
          // Pictures, read through the posts that show them; counted, not imported.
          report.skipped.attachment = (report.skipped.attachment ?? 0) + 1;
          continue;
        }
        if (opts.shouldStop?.()) {
          report.stopped = true;
          break;
        }
        done++;
        try {
          if (await importPost(run, entry.item)) changed = true;
        } catch (error) {
          // Drizzle wraps the database's own message (the useful part) as the cause.
          const cause = (error as { cause?: { message?: string } }).cause?.message;
          report.failed.push({ title: entry.item.title, line: entry.item.line, message: cause ?? (error as Error).message });
        } finally {
          opts.onProgress?.({ done, total: refs.total });
        }
      }
      // One announcement for the whole run, not one per post: each would drop every cached page.
      if (changed) await deps.changes.announce({ kind: 'import' });
      return report;
    },
  };
}
export type WordpressImporter = ReturnType<typeof createWordpressImporter>;
