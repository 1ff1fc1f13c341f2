// Every /admin-dashboard route is ADMIN only; sub-screens get a way back to the dashboard.
import { Link, Outlet, useLocation } from 'react-router';
import { RouteGuard } from '../../components/RouteGuard.tsx';
import '../../styles/admin-site.css';

export default function AdminLayout() {
  const { pathname } = useLocation();
  const onDashboard = pathname.replace(/\/+$/, '') === '/admin-dashboard';
  return (
    <RouteGuard allowed={['ADMIN']}>
      {!onDashboard && (
        <nav className="admin-crumbs" aria-label="Breadcrumb">
          <Link to="/admin-dashboard" className="admin-back">
            ← Admin Dashboard
          </Link>
        </nav>
      )}
      <Outlet />
    </RouteGuard>
  );
}
