import { RouteGuard } from '../../components/RouteGuard.tsx';

export const meta = () => [{ title: 'User Dashboard' }, { name: 'robots', content: 'noindex' }];

export default function UserDashboard() {
  return (
    <RouteGuard allowed={['USER', 'REPORTER', 'ADMIN']}>
      <main className="page narrow">
        <h1>User Dashboard</h1>
      </main>
    </RouteGuard>
  );
}
