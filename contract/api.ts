// Every API route, declared once (contract/route.ts), by domain. The server registers each from here
// (server/http/contract.ts) and the browser calls each through app/lib/api.ts's call(); the test
// server/http/contract.test.ts checks that the server answers exactly these.
import { CATEGORY_ROUTES } from './categories.ts';
import { REVIEW_ROUTES } from './review.ts';
import { LIVE_ROUTES } from './live.ts';
import { READERSHIP_ROUTES } from './readership.ts';
import { REVISION_ROUTES } from './revisions.ts';

export const API = {
  categories: CATEGORY_ROUTES,
  review: REVIEW_ROUTES,
  live: LIVE_ROUTES,
  readership: READERSHIP_ROUTES,
  revisions: REVISION_ROUTES,
} as const;
