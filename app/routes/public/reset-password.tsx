// /reset-password/{token}: sets a new password from a one-time link (an admin's, or one asked for by mail).
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ApiRequestError, call } from '../../lib/api.ts';
import { AUTH_ROUTES, PASSWORD_MIN } from '../../../contract/auth.ts';
import { PasswordStrength, STAFF_RULE_HINT } from '../../components/account/PasswordStrength.tsx';
import '../../styles/account.css';

// The token is in the address: no referrer leaves this page, and no search engine keeps it.
export const meta = () => [
  { title: 'Choose a new password' },
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
    if (password !== confirm) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      await call(AUTH_ROUTES.resetPassword, { body: { token, newPassword: password } });
      setDone(true);
    } catch (e) {
      setError((e instanceof ApiRequestError && e.serverMessage) || 'Could not set the password.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page narrow account-page">
      <h1>Choose a new password</h1>
      {done ? (
        <p className="form-success" role="status">
          Your new password is set and every earlier session has ended. <Link to="/">Go to the home page</Link> and log in with
          it.
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <PasswordField
            id="reset-new-password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
          >
            {/* The link does not say whose account it is: the staff rule is shown to all, the server applies it to staff. */}
            <p className="field-hint">{STAFF_RULE_HINT}</p>
            <PasswordStrength id="reset-password-strength" password={password} />
          </PasswordField>
          <PasswordField
            id="reset-confirm-password"
            label="New password again"
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
            Set new password
          </button>
        </form>
      )}
    </main>
  );
}
