// The reporter's own desk (write, edit, own lists, own article view): REPORTER only, checked once here.
import { Outlet } from 'react-router';
import { ScreenFallback } from '../../components/ScreenFallback.tsx';
import type { Route } from './+types/desk-layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.desk);
  return null;
}

/** While the role and the screen's data load: the screen's loading state (its `handle`), or nothing. */
export const HydrateFallback = ScreenFallback;

export default function ReporterDesk() {
  return <Outlet />;
}
