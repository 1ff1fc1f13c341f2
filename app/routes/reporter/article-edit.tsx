// Placeholder: built by its issue.
import { RouteGuard } from '../../components/RouteGuard.tsx';

export default function Page() {
  return (
    <RouteGuard allowed={['REPORTER']}>
      <main className="page">
        <h1>article-edit</h1>
      </main>
    </RouteGuard>
  );
}
