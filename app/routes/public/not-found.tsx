import { data, Link } from 'react-router';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return (
    <main className="page narrow">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
