// The composition root of the domain services: every HTTP route and SSR loader goes through these.
import { createShareCardsService } from './share-cards/service.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock, ServiceDeps } from './service-deps.ts';
import { createChangeFeed } from './db/changes.ts';
import { createMediaStorage } from './media/configured-storage.ts';
import { setMediaPublicUrl } from './media/urls.ts';
import { createImagePipeline } from './media/images.ts';
import { createSessionStore } from './auth/sessions.ts';
import { createAuthService } from './auth/service.ts';
import { createCategoriesService } from './categories/service.ts';
import { createArticlesService } from './articles/service.ts';
import { createLifecycle } from './articles/lifecycle.ts';
import { createPublicArticlesService } from './articles/public-service.ts';
import { ARTICLE_CACHE_BYTES, createArticlePageService } from './articles/article-page.ts';
import { createReviewService } from './review/service.ts';
import { createUsersService } from './users/service.ts';
import { createNavigationService } from './navigation/service.ts';
import { createHomepageService } from './homepage/service.ts';
import { createFeaturedService } from './homepage/featured-service.ts';
import { createAboutService } from './about/service.ts';
import { createAdsService } from './ads/service.ts';
import { createSearchService } from './search/service.ts';
import { createDraftsService } from './articles/drafts.ts';
import { createRevisionsService } from './articles/revisions.ts';
import { createReadershipService } from './readership/service.ts';
import { createAuditService } from './audit/service.ts';
import { createPublishingClock } from './review/publishing-clock.ts';
import { createCdnService, purgersOf } from './cdn/service.ts';
import { createPushService } from './push/service.ts';
import { createPushSender } from './push/sender.ts';
import { createDistrictsService } from './districts/service.ts';
import { createLiveService } from './live/service.ts';
import { createNotesService } from './notes/service.ts';
import { createCorrectionsService } from './notes/corrections.ts';
import { createAuthorsService } from './authors/service.ts';
import { createTagsService } from './tags/service.ts';
import { createSavedService } from './saved/service.ts';
import { createEditingService } from './editing/service.ts';
import { createMailService } from './mail/service.ts';
import { createMailSender } from './mail/sender.ts';
import { createAccountMail } from './auth/account-mail.ts';
import { createNewsletterService } from './newsletter/service.ts';

export function createServices({
  config,
  database,
  log = console,
}: {
  config: Config;
  database: Database;
  log?: ServiceDeps['log'];
}) {
  const storage = createMediaStorage(config, log as Console);
  setMediaPublicUrl(config.media.publicUrl);
  const base = {
    config,
    database,
    db: database.db,
    changes: createChangeFeed(database, { log: log as Console }),
    storage,
    images: createImagePipeline({ db: database.db, storage, encoding: config.env === 'test' ? 'fastest' : 'smallest' }),
    sessions: createSessionStore(database.db, { idleMs: config.sessionIdleMs }),
    log,
    clock: { now: () => new Date() } as Clock,
  } satisfies ServiceDeps;
  // One lifecycle for every service that moves an article (its table is the one rule for each move).
  const lifecycle = createLifecycle(base);
  const moving = { ...base, lifecycle };
  const publicArticles = createPublicArticlesService(base);
  const readership = createReadershipService(base);
  const push = createPushService(base);
  const mail = createMailService(base);
  const mailSender = createMailSender(base);
  const kick = () => void mailSender.kick();
  const accountMail = createAccountMail({ ...base, mail, kick });
  const homepage = createHomepageService(base);
  const newsletter = createNewsletterService({ ...base, mail, mailSender, readership, homepage });
  return {
    ...moving,
    auth: createAuthService({ ...base, accountMail }),
    mail,
    mailSender,
    accountMail,
    newsletter,
    categories: createCategoriesService(base),
    articles: createArticlesService(moving),
    publicArticles,
    articlePage: createArticlePageService(base, publicArticles, { cacheBytes: config.articleCache ? ARTICLE_CACHE_BYTES : 0 }),
    review: createReviewService(moving),
    users: createUsersService(base),
    navigation: createNavigationService(base),
    homepage,
    featured: createFeaturedService(base),
    about: createAboutService(base),
    ads: createAdsService(base),
    search: createSearchService(base),
    audit: createAuditService(base),
    publishing: createPublishingClock(moving),
    drafts: createDraftsService(moving),
    revisions: createRevisionsService(moving),
    readership,
    cdn: createCdnService({
      purgers: purgersOf(config.cdn),
      changes: base.changes,
      mostReadGeneration: () => readership.generation,
      log: log as Console,
    }),
    push,
    pushSender: createPushSender(base, push),
    districts: createDistrictsService(base),
    live: createLiveService(moving),
    notes: createNotesService(base),
    corrections: createCorrectionsService(moving),
    authors: createAuthorsService(base),
    tags: createTagsService(base),
    saved: createSavedService(base),
    editing: createEditingService(base),
    shareCards: createShareCardsService(base, publicArticles),
  };
}
export type Services = ReturnType<typeof createServices>;
