// Newsletter: subscribers per list (confirmed, pending, undeliverable), the last editions with what
// became of them, a preview of tomorrow's morning digest, "send a test to me", and the mail outbox
// (failed and undeliverable addresses). A site without mail (SMTP_URL) says so at the top.
import { useState } from 'react';
import type { Route } from './+types/newsletter';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { FormStatus } from '../../components/dashboard/Field.tsx';
import { ApiRequestError, call } from '../../lib/api.ts';
import { LIST_NAMES, NEWSLETTER_LISTS, NEWSLETTER_ROUTES } from '../../../contract/newsletter.ts';
import { MAIL_MESSAGES, MAIL_ROUTES } from '../../../contract/mail.ts';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Newsletter');

export const clientLoader = adminLoader(async () => {
  const [overview, mail] = await Promise.all([call(NEWSLETTER_ROUTES.overview), call(MAIL_ROUTES.status)]);
  return { overview, mail };
}, 'Could not load the newsletter.');

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { data, error } = loaderData;
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!data)
    return (
      <main className="page">
        <h1>Newsletter</h1>
        <p className="form-error" role="alert">
          {error}
        </p>
      </main>
    );
  const { overview, mail } = data;

  async function sendTest() {
    setBusy(true);
    try {
      setNotice({ ok: true, text: (await call(NEWSLETTER_ROUTES.sendTest)).message });
    } catch (e) {
      setNotice({ ok: false, text: (e instanceof ApiRequestError && e.serverMessage) || 'Could not send the test.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <h1>Newsletter</h1>
      {!overview.mailConfigured && (
        <p className="form-error" role="alert">
          {MAIL_MESSAGES.notConfigured}
        </p>
      )}
      <section aria-labelledby="nl-lists">
        <h2 id="nl-lists">Subscribers</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Confirmed</th>
              <th scope="col">Pending</th>
              <th scope="col">Undeliverable</th>
            </tr>
          </thead>
          <tbody>
            {NEWSLETTER_LISTS.map((list) => (
              <tr key={list} data-list={list}>
                <th scope="row">
                  {LIST_NAMES[list]} ({list})
                </th>
                <td>{overview.lists[list].confirmed}</td>
                <td>{overview.lists[list].pending}</td>
                <td>{overview.lists[list].undeliverable}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>The morning digest goes out at {overview.dailyAt} India time.</p>
      </section>
      <section aria-labelledby="nl-editions">
        <h2 id="nl-editions">Last editions</h2>
        {overview.editions.length === 0 ? (
          <p>No edition has been sent yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Edition</th>
                <th scope="col">Sent</th>
                <th scope="col">Failed</th>
                <th scope="col">Pending</th>
              </tr>
            </thead>
            <tbody>
              {overview.editions.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{e.subject}</th>
                  <td>{e.sent}</td>
                  <td>{e.failed}</td>
                  <td>{e.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="nl-preview">
        <h2 id="nl-preview">Tomorrow’s digest: {overview.preview.subject}</h2>
        {overview.preview.groups.length === 0 && <p>No stories for it yet.</p>}
        {overview.preview.groups.map((g) => (
          <div key={g.name}>
            <h3>{g.name}</h3>
            <ul>
              {g.articles.map((a) => (
                <li key={a.id}>{a.title}</li>
              ))}
            </ul>
          </div>
        ))}
        <button type="button" disabled={busy || !overview.mailConfigured} onClick={() => void sendTest()}>
          Send a test to me
        </button>
        <FormStatus status={notice} />
      </section>
      <section aria-labelledby="nl-outbox">
        <h2 id="nl-outbox">Mail outbox</h2>
        <p>
          Waiting: {mail.pending} · failed after retries: {mail.failed} · undeliverable addresses: {mail.undeliverable}
        </p>
        {mail.undeliverableAddresses.length > 0 && (
          <ul>
            {mail.undeliverableAddresses.map((u) => (
              <li key={u.address}>
                {u.address}: {u.reason}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
