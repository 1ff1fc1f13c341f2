import { data, Link } from 'react-router';
import { MESSAGES } from '../../lib/messages.ts';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: MESSAGES.common.pageNotFound }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return (
    <main className="page narrow">
      <h1>{MESSAGES.common.pageNotFound}</h1>
      <p>
        <Link to="/">{MESSAGES.common.homeLink}</Link>
      </p>
    </main>
  );
}
