import { Link } from 'react-router';
import { MESSAGES } from '../../lib/messages.ts';

const T = MESSAGES.unauthorized;

export const meta = () => [{ title: T.heading }, { name: 'robots', content: 'noindex' }];

export default function Unauthorized() {
  return (
    <main className="page narrow">
      <h1>{T.heading}</h1>
      <p>{T.body}</p>
      <p>
        <Link to="/">{MESSAGES.common.homeLink}</Link>
      </p>
    </main>
  );
}
