// Every API route, declared once (contract/route.ts), by domain. The server registers each from here
// (server/http/contract.ts) and the browser calls each through app/lib/api.ts's call(); the test
// server/http/contract.test.ts checks that the server answers exactly these.
import { CATEGORY_ROUTES } from './categories.ts';
import { AUTH_ROUTES } from './auth.ts';
import { USER_ROUTES } from './users.ts';
import { AUTHOR_ROUTES, PROFILE_ROUTES } from './authors.ts';
import { SAVED_ROUTES } from './saved.ts';

export const API = {
  categories: CATEGORY_ROUTES,
  auth: AUTH_ROUTES,
  users: USER_ROUTES,
  authors: AUTHOR_ROUTES,
  profile: PROFILE_ROUTES,
  saved: SAVED_ROUTES,
} as const;
