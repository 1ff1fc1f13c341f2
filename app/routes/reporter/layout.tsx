import { Outlet } from 'react-router';
import { RouteGuard } from '../../components/RouteGuard.tsx';

// The dashboard home is open to REPORTER and ADMIN; each sub-route guards REPORTER only.
export default function ReporterLayout() {
  return (
    <RouteGuard allowed={['REPORTER', 'ADMIN']}>
      <Outlet />
    </RouteGuard>
  );
}
