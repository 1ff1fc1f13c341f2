// Every API route, declared once (contract/route.ts), by domain. The server registers each from here
// (server/http/contract.ts) and the browser calls each through app/lib/api.ts's call(); the test
// server/http/contract.test.ts checks that the server answers exactly these.
import { CATEGORY_ROUTES } from './categories.ts';
import { HOMEPAGE_ROUTES, PUBLIC_ARTICLE_ROUTES, SEARCH_ROUTES } from './public-articles.ts';
import { REVIEW_ROUTES } from './review.ts';
import { LIVE_ROUTES } from './live.ts';
import { READERSHIP_ROUTES } from './readership.ts';
import { REVISION_ROUTES } from './revisions.ts';
import { NOTE_ROUTES } from './notes.ts';
import { NAVIGATION_ROUTES } from './navigation.ts';
import { FEATURED_ROUTES } from './featured.ts';
import { ABOUT_ROUTES } from './about.ts';
import { AD_ROUTES } from './ads.ts';
import { TAG_ROUTES } from './tag-routes.ts';
import { AUDIT_ROUTES } from './audit.ts';
import { DISTRICT_ROUTES } from './districts.schema.ts';
import { PUSH_ROUTES } from './push.ts';
import { AUTH_ROUTES } from './auth.ts';
import { USER_ROUTES } from './users.ts';
import { AUTHOR_ROUTES, PROFILE_ROUTES } from './authors.ts';
import { SAVED_ROUTES } from './saved.ts';
import { ARTICLE_ROUTES, DRAFT_ROUTES } from './reporter.ts';
import { EDITING_ROUTES } from './editing.ts';
import { MAIL_ROUTES } from './mail.ts';
import { NEWSLETTER_ROUTES } from './newsletter.ts';

export const API = {
  categories: CATEGORY_ROUTES,
  review: REVIEW_ROUTES,
  live: LIVE_ROUTES,
  readership: READERSHIP_ROUTES,
  revisions: REVISION_ROUTES,
  notes: NOTE_ROUTES,
  navigation: NAVIGATION_ROUTES,
  featured: FEATURED_ROUTES,
  about: ABOUT_ROUTES,
  ads: AD_ROUTES,
  tags: TAG_ROUTES,
  audit: AUDIT_ROUTES,
  publicArticles: PUBLIC_ARTICLE_ROUTES,
  homepage: HOMEPAGE_ROUTES,
  search: SEARCH_ROUTES,
  districts: DISTRICT_ROUTES,
  push: PUSH_ROUTES,
  auth: AUTH_ROUTES,
  users: USER_ROUTES,
  authors: AUTHOR_ROUTES,
  profile: PROFILE_ROUTES,
  saved: SAVED_ROUTES,
  articles: ARTICLE_ROUTES,
  drafts: DRAFT_ROUTES,
  editing: EDITING_ROUTES,
  mail: MAIL_ROUTES,
  newsletter: NEWSLETTER_ROUTES,
} as const;
