// Roles as they travel on the wire (docs/product.md: ADMIN, REPORTER, USER).
export const ROLES = ['USER', 'REPORTER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Client-side reading: case-insensitive and tolerant of a `ROLE_` prefix. */
export function normaliseRole(value: string | null | undefined): Role | null {
  if (!value) return null;
  const upper = value
    .trim()
    .toUpperCase()
    .replace(/^ROLE_/, '');
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}

export function roleAllowed(allowed: readonly string[], current: string | null | undefined): boolean {
  const role = normaliseRole(current);
  return role !== null && allowed.some((a) => normaliseRole(a) === role);
}

/** Where each role lands after signing in. */
export function homeForRole(role: string | null | undefined): string {
  const r = normaliseRole(role);
  if (r === 'ADMIN') return '/admin-dashboard';
  if (r === 'REPORTER') return '/reporter-dashboard';
  return '/user-dashboard';
}
