// Who may open which part of the site, and where a visitor goes after signing in. Kept apart from
// guard.ts (which parses with zod) because the header, on every public page, needs it too.
import { homeForRole, ROLES, roleAllowed, type Role } from '../../contract/roles.ts';

import { NEXT_PARAM } from '../../contract/site.ts';

export { NEXT_PARAM };

/** Who may open each part of the site: the dashboard layouts guard with these, sign-in reads them. */
export const ACCESS = {
  admin: ['ADMIN'],
  /** The reporter dashboard's home page. */
  reporterHome: ['REPORTER', 'ADMIN'],
  /** The reporter's own desk: writing, the own lists and the own article's view. */
  desk: ['REPORTER'],
  account: ROLES,
} as const satisfies Record<string, readonly Role[]>;

/** The roles that may open a path of this site (app/routes.ts); null for the public pages. */
export function rolesFor(path: string): readonly Role[] | null {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '');
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under('/admin-dashboard')) return ACCESS.admin;
  if (pathname === '/reporter-dashboard') return ACCESS.reporterHome;
  if (under('/reporter-dashboard') || under('/reporter')) return ACCESS.desk;
  if (under('/user-dashboard')) return ACCESS.account;
  return null;
}

/** The page to return to after sign-in: a path on this site only (never `//host` or a scheme). */
export function returnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** On the home page, the page a signed-out visitor was sent from (`/?next=...`), if any. */
export function nextAfterSignIn(location: { pathname: string; search: string }): string | null {
  if (location.pathname !== '/') return null;
  return returnPath(new URLSearchParams(location.search).get(NEXT_PARAM));
}

/** After sign-in: the page the visitor asked for when the role may open it, else the role's landing page. */
export function landingAfterSignIn(role: Role | null, next: string | null): string {
  if (next && role) {
    const allowed = rolesFor(next);
    if (!allowed || roleAllowed(allowed, role)) return next;
  }
  return homeForRole(role);
}
