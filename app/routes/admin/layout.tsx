// Every /admin-dashboard route is ADMIN only, checked here once; sub-screens get a way back to the dashboard.
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import type { Route } from './+types/layout';
import { ACCESS, requireRole } from '../../lib/guard.ts';
import '../../styles/admin-site.css';

/**
 * A screen's `handle`: the text it shows while its data first loads. React Router shows the fallback of
 * the highest route still loading, this layout's, so the layout shows the screen's text for it.
 */
export type AdminScreenHandle = { loadingText?: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.admin);
  return null;
}

/** While the role and the screen's data load: the screen's loading text, or nothing. */
export function HydrateFallback() {
  const text = useMatches()
    .map((m) => (m.handle as AdminScreenHandle | undefined)?.loadingText)
    .findLast(Boolean);
  if (!text) return null;
  return (
    <main className="page">
      <p role="status">{text}</p>
    </main>
  );
}

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
