// Every /admin-dashboard route is ADMIN only, checked here once; sub-screens get a way back to the dashboard.
import { Link, Outlet, useLocation } from 'react-router';
import type { Route } from './+types/layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';
import { ScreenFallback } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.admin);
  return null;
}

/** While the role and the screen's data load: the screen's loading state (its `handle`), or nothing. */
export const HydrateFallback = ScreenFallback;

export default function AdminLayout() {
  const { pathname } = useLocation();
  const onDashboard = pathname.replace(/\/+$/, '') === '/admin-dashboard';
  return (
    <>
      {!onDashboard && (
        <nav className="admin-crumbs" aria-label="Breadcrumb">
          <Link to="/admin-dashboard" className="admin-back">
            ← Admin Dashboard
          </Link>
        </nav>
      )}
      <Outlet />
    </>
  );
}
