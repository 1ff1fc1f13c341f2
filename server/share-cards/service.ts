// Share pictures with the headline (server/media/share-card.ts draws them): one wide card for link
// previews and one square for WhatsApp status and Instagram per version of a public story, a
// version being a hash of its headline, its photo and the drawing's layout. Kept in media storage;
// made on their first request (the page links them before they exist), once per version however
// many readers ask at the same moment; the previous version's files are deleted when a new one is
// made, so an edited headline leaves nothing behind.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Article } from '../../contract/articles.ts';
import { stripTags } from '../../contract/text.ts';
import { shareCards } from '../db/schema.ts';
import { categoryColour } from '../import/cover.ts';
import { CARD_LAYOUT_VERSION, renderShareCard, type CardShape } from '../media/share-card.ts';
import { LOCAL_MEDIA_PREFIX, mediaNameOf } from '../media/urls.ts';
import type { ServiceDeps } from '../service-deps.ts';

type CardArticle = Pick<Article, 'id' | 'title' | 'images' | 'categories'>;
/** The colour of a story with neither photo nor category. */
const NO_CATEGORY_COLOUR = '#34495e';

const CARD_NAME = /^card-(\d{1,10})-([0-9a-f]{16})(-square)?\.jpg$/;
export const cardName = (articleId: number, version: string, shape: CardShape) =>
  `card-${articleId}-${version}${shape === 'square' ? '-square' : ''}.jpg`;
/** Whether /media/ may hand out this name from a bucket (server/media/serving.ts). */
export const isCardName = (name: string) => CARD_NAME.test(name);

const photoOf = (article: CardArticle) => {
  const cover = article.images[0];
  return cover ? (mediaNameOf(cover.url) ?? cover.url) : undefined;
};
const colourOf = (article: CardArticle) =>
  article.categories[0] ? categoryColour(article.categories[0].name) : NO_CATEGORY_COLOUR;

/** Changes with the headline, the photo, the colour (no photo) and the layout: a new name for each. */
export function cardVersion(article: CardArticle): string {
  const photo = photoOf(article);
  return createHash('sha256')
    .update(JSON.stringify([CARD_LAYOUT_VERSION, stripTags(article.title), photo ?? null, photo ? null : colourOf(article)]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Where pages link a story's cards. Always this site's /media/ (not MEDIA_PUBLIC_URL): a card is
 * made by the request for it, which a bucket's own address could not make.
 */
export function cardLinks(article: CardArticle) {
  const version = cardVersion(article);
  return {
    url: `${LOCAL_MEDIA_PREFIX}${cardName(article.id, version, 'wide')}`,
    squareUrl: `${LOCAL_MEDIA_PREFIX}${cardName(article.id, version, 'square')}`,
  };
}
export type CardLinks = ReturnType<typeof cardLinks>;

export function createShareCardsService(
  deps: Pick<ServiceDeps, 'db' | 'storage' | 'log'>,
  publicArticles: { get(id: number): Promise<Article | null> },
) {
  const { db, storage } = deps;
  const making = new Map<string, Promise<void>>();

  async function photoBytes(article: CardArticle) {
    const name = photoOf(article);
    return name ? storage.get(name) : undefined;
  }

  async function make(article: CardArticle, version: string) {
    const input = { title: stripTags(article.title), photo: await photoBytes(article), colour: colourOf(article) };
    // One after the other: two at once would double libvips' memory for no gain on a small host.
    for (const shape of ['wide', 'square'] as const)
      await storage.put(cardName(article.id, version, shape), await renderShareCard(input, shape));
    const [before] = await db
      .select({ version: shareCards.version })
      .from(shareCards)
      .where(eq(shareCards.articleId, article.id));
    await db
      .insert(shareCards)
      .values({ articleId: article.id, version })
      .onConflictDoUpdate({ target: shareCards.articleId, set: { version, madeAt: new Date() } });
    if (before && before.version !== version) {
      await Promise.all(
        (['wide', 'square'] as const).map((shape) => storage.remove(cardName(article.id, before.version, shape))),
      );
    }
  }

  /** Makes this version's cards unless stored; concurrent callers for one version share one making. */
  function ensure(article: CardArticle): Promise<void> {
    const version = cardVersion(article);
    const key = `${article.id}-${version}`;
    let job = making.get(key);
    if (!job) {
      job = (async () => {
        const [row] = await db
          .select({ version: shareCards.version })
          .from(shareCards)
          .where(eq(shareCards.articleId, article.id));
        const stored = row?.version === version && (await storage.size(cardName(article.id, version, 'square'))) !== undefined;
        if (!stored) await make(article, version);
      })().finally(() => making.delete(key));
      making.set(key, job);
    }
    return job;
  }

  return {
    links: cardLinks,
    ensure,
    /** The card a /media/ name asks for, made if missing; undefined when it is not the story's current one. */
    async get(name: string): Promise<Buffer | undefined> {
      const match = CARD_NAME.exec(name);
      if (!match) return undefined;
      const article = await publicArticles.get(Number(match[1]));
      if (!article || cardVersion(article) !== match[2]) return undefined;
      const stored = await storage.get(name);
      if (stored) return stored;
      await ensure(article);
      return storage.get(name);
    },
  };
}
export type ShareCardsService = ReturnType<typeof createShareCardsService>;
