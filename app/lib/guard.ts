// The dashboards' route guard, run by each dashboard layout's clientLoader before its screens load:
// no role -> / (with the page to return to after sign-in), a role not allowed -> /unauthorized.
import { redirect } from 'react-router';
import { AUTH_ROUTES } from '../../contract/auth.ts';
import { normaliseRole, roleAllowed, type Role } from '../../contract/roles.ts';
import { call } from './api.ts';
import { NEXT_PARAM } from './access.ts';

export { ACCESS, NEXT_PARAM, returnPath } from './access.ts';

// A layout and its child screen guard the same navigation (one request object): one check-auth call.
const checks = new WeakMap<Request, Promise<Role | null>>();

function currentRole(request: Request): Promise<Role | null> {
  let check = checks.get(request);
  if (!check) {
    // A failed check (or 401) means signed out, as everywhere else in the app.
    check = call(AUTH_ROUTES.check).then(
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
