// Every API route, declared once (contract/route.ts), by domain. The server registers each from here
// (server/http/contract.ts) and the browser calls each through app/lib/api.ts's call(); the test
// server/http/contract.test.ts checks that the server answers exactly these.
import { CATEGORY_ROUTES } from './categories.ts';
import { HOMEPAGE_ROUTES, PUBLIC_ARTICLE_ROUTES, SEARCH_ROUTES } from './public-articles.ts';
import { DISTRICT_ROUTES } from './districts.schema.ts';
import { PUSH_ROUTES } from './push.ts';

export const API = {
  categories: CATEGORY_ROUTES,
  publicArticles: PUBLIC_ARTICLE_ROUTES,
  homepage: HOMEPAGE_ROUTES,
  search: SEARCH_ROUTES,
  districts: DISTRICT_ROUTES,
  push: PUSH_ROUTES,
} as const;
