import { Outlet } from 'react-router';
import { RouteGuard } from '../../components/RouteGuard.tsx';

export default function AdminLayout() {
  return (
    <RouteGuard allowed={['ADMIN']}>
      <Outlet />
    </RouteGuard>
  );
}
