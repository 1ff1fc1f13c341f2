// Every API route, declared once (contract/route.ts), by domain. The server registers each from here
// (server/http/contract.ts) and the browser calls each through app/lib/api.ts's call(); the test
// server/http/contract.test.ts checks that the server answers exactly these.
import { CATEGORY_ROUTES } from './categories.ts';
import { ARTICLE_ROUTES, DRAFT_ROUTES } from './reporter.ts';

export const API = {
  categories: CATEGORY_ROUTES,
  articles: ARTICLE_ROUTES,
  drafts: DRAFT_ROUTES,
} as const;
