// /reporter-dashboard: its home is open to REPORTER and ADMIN, checked here once; the desk screens
// below it (and the reporter's article view) are REPORTER only (routes/reporter/desk-layout.tsx).
import { Outlet } from 'react-router';
import { ScreenFallback } from '../../components/ScreenFallback.tsx';
import type { Route } from './+types/layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.reporterHome);
  return null;
}

/** While the role and the screen's data load: the screen's loading state (its `handle`), or nothing. */
export const HydrateFallback = ScreenFallback;

export default function ReporterLayout() {
  return <Outlet />;
}
