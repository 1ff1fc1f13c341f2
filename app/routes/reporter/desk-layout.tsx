// The reporter's own desk (write, edit, own lists, own article view): REPORTER only, checked once here.
import { Outlet } from 'react-router';
import type { Route } from './+types/desk-layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.desk);
  return null;
}

/** While the role is checked the desk shows nothing. */
export function HydrateFallback() {
  return null;
}

export default function ReporterDesk() {
  return <Outlet />;
}
