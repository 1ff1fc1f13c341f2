// /reset-password/{token}: sets a new password from a one-time link (an admin's, or one asked for by mail).
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ApiRequestError, call } from '../../lib/api.ts';
import { AUTH_ROUTES, PASSWORD_MIN } from '../../../contract/auth.ts';
import { PasswordStrength, STAFF_RULE_HINT } from '../../components/account/PasswordStrength.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import '../../styles/account.css';

// Telugu; the password rule's message is the product's English one (docs/product.md).
const T = MESSAGES.reset;

// The token is in the address: no referrer leaves this page, and no search engine keeps it.
export const meta = () => [
  { title: T.title },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function ResetPassword() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return setError(`Password must be at least ${PASSWORD_MIN} characters`);
    if (password !== confirm) return setError(T.notSame);
    setBusy(true);
    setError('');
    try {
      await call(AUTH_ROUTES.resetPassword, { body: { token, newPassword: password } });
      setDone(true);
    } catch (e) {
      setError((e instanceof ApiRequestError && e.serverMessage) || T.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page narrow account-page">
      <h1>{T.title}</h1>
      {done ? (
        <p className="form-success" role="status">
          {T.done} <Link to="/">{T.home}</Link> {T.signIn}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <PasswordField
            id="reset-new-password"
            label={MESSAGES.account.newPassword}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
          >
            {/* The link does not say whose account it is: the staff rule is shown to all, the server applies it to staff. */}
            <p className="field-hint">{STAFF_RULE_HINT}</p>
            {/* After a refused submit the problem is said once, under the form. */}
            <PasswordStrength id="reset-password-strength" password={password} quiet={!!error} />
          </PasswordField>
          <PasswordField
            id="reset-confirm-password"
            label={T.again}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy}>
            {T.submit}
          </button>
        </form>
      )}
    </main>
  );
}
