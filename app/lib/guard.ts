// The dashboards' route guard, run by each dashboard layout's clientLoader before its screens load:
// no role -> / (with the page to return to after sign-in), a role not allowed -> /unauthorized.
import { redirect } from 'react-router';
import { AuthCheckSchema } from '../../contract/auth.ts';
import { normaliseRole, roleAllowed, type Role } from '../../contract/roles.ts';
import { api } from './api.ts';

/** The query parameter that carries a signed-out visitor's page to the sign-in on the home page. */
export const NEXT_PARAM = 'next';

// A layout and its child screen guard the same navigation (one request object): one check-auth call.
const checks = new WeakMap<Request, Promise<Role | null>>();

function currentRole(request: Request): Promise<Role | null> {
  let check = checks.get(request);
  if (!check) {
    // A failed check (or 401) means signed out, as everywhere else in the app.
    check = api('/auth/check-auth', AuthCheckSchema).then(
      (answer) => (answer.authenticated ? normaliseRole(answer.role) : null),
      () => null,
    );
    checks.set(request, check);
  }
  return check;
}

/** Resolves to the signed-in role when it is allowed; otherwise throws the redirect. */
export async function requireRole(request: Request, allowed: readonly Role[]): Promise<Role> {
  const role = await currentRole(request);
  const url = new URL(request.url);
  if (!role) throw redirect(`/?${NEXT_PARAM}=${encodeURIComponent(url.pathname + url.search)}`);
  if (!roleAllowed(allowed, role)) throw redirect('/unauthorized');
  return role;
}

/** The page to return to after sign-in: a path on this site only (never `//host` or a scheme). */
export function returnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
