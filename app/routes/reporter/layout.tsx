// /reporter-dashboard: its home is open to REPORTER and ADMIN, checked here once; the desk screens
// below it (and the reporter's article view) are REPORTER only (routes/reporter/desk-layout.tsx).
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.reporterHome);
  return null;
}

/** While the role is checked the dashboard shows nothing. */
export function HydrateFallback() {
  return null;
}

export default function ReporterLayout() {
  return <Outlet />;
}
