import { Link } from 'react-router';

export const meta = () => [{ title: 'Access denied' }, { name: 'robots', content: 'noindex' }];

export default function Unauthorized() {
  return (
    <main className="page narrow">
      <h1>Access denied</h1>
      <p>You do not have permission to view this page.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
