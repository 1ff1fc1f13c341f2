// /verify-email/{token}: proves an address from the link mailed to it (registration, a change of
// address). The proof is a button, not the page's load: a mail scanner that opens links proves nothing.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError, call } from '../../lib/api.ts';
import { AUTH_ROUTES } from '../../../contract/auth.ts';
import '../../styles/account.css';

// The token is in the address: no referrer leaves this page, and no search engine keeps it.
export const meta = () => [
  { title: 'ఈమెయిల్ ధృవీకరణ · Confirm your e-mail address' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function VerifyEmail() {
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await call(AUTH_ROUTES.verifyEmail, { body: { token } });
      setOutcome({ ok: true, text: message });
    } catch (e) {
      setOutcome({ ok: false, text: (e instanceof ApiRequestError && e.serverMessage) || 'Could not confirm the address.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page narrow account-page">
      <h1>ఈమెయిల్ ధృవీకరణ</h1>
      {outcome?.ok ? (
        <p className="form-success" role="status">
          {outcome.text} <Link to="/">హోమ్ పేజీకి వెళ్ళండి</Link>
        </p>
      ) : (
        <>
          <p>ఈ చిరునామా మీదేనని నిర్ధారించడానికి కింది బటన్ నొక్కండి. Press the button to confirm this address is yours.</p>
          {outcome && (
            <p className="form-error" role="alert">
              {outcome.text}
            </p>
          )}
          <button type="button" disabled={busy} onClick={() => void confirm()}>
            చిరునామా ధృవీకరించండి
          </button>
        </>
      )}
    </main>
  );
}
