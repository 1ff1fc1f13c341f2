// The account's e-mail address (the account page): whether it is verified, sending the link again,
// and a change of address that takes effect once the link sent to the new address is followed. A
// site without mail says why none of this can be done.
import { useState, type FormEvent } from 'react';
import { ApiRequestError, call } from '../../lib/api.ts';
import { AUTH_ROUTES, ChangeEmailSchema, type Me } from '../../../contract/auth.ts';
import { MAIL_MESSAGES } from '../../../contract/mail.ts';
import { PasswordField } from '../PasswordField.tsx';
import { FormStatus } from '../dashboard/Field.tsx';
import { isNetworkFailure, MESSAGES } from '../../lib/messages.ts';

type Notice = { ok: boolean; text: string } | null;

const failure = (e: unknown, fallback: string) =>
  isNetworkFailure(e) ? MESSAGES.common.networkFailed : (e instanceof ApiRequestError && e.serverMessage) || fallback;

export function EmailAddress({ me }: { me: Me }) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function resend() {
    setBusy(true);
    try {
      setNotice({ ok: true, text: (await call(AUTH_ROUTES.resendVerification)).message });
    } catch (e) {
      setNotice({ ok: false, text: failure(e, 'Could not send the link.') });
    } finally {
      setBusy(false);
    }
  }

  async function change(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangeEmailSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setNotice({ ok: true, text: (await call(AUTH_ROUTES.changeEmail, { body: parsed.data })).message });
      setEmail('');
      setPassword('');
    } catch (e) {
      setNotice({ ok: false, text: failure(e, 'Could not change the address.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby="email-address-title" id="section-email-address">
      <h2 id="email-address-title">ఈమెయిల్ చిరునామా (E-mail address)</h2>
      <p>
        <strong>{me.email}</strong>{' '}
        {me.emailVerified ? (
          <span className="email-verified">ధృవీకరించబడింది (verified)</span>
        ) : (
          <span className="email-unverified">ఇంకా ధృవీకరించలేదు (not verified yet)</span>
        )}
      </p>
      {!me.mailAvailable ? (
        <p className="field-hint">{MAIL_MESSAGES.notConfigured}</p>
      ) : (
        <>
          {!me.emailVerified && (
            <p>
              మీ చిరునామాకు పంపిన లింక్ తెరవండి.{' '}
              <button type="button" className="secondary" disabled={busy} onClick={() => void resend()}>
                లింక్ మళ్ళీ పంపండి
              </button>
            </p>
          )}
          <form onSubmit={(e) => void change(e)} noValidate>
            <div className="field">
              <label htmlFor="new-email">కొత్త ఈమెయిల్ చిరునామా (New address)</label>
              <input
                id="new-email"
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={errors.email ? true : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
              {errors.email && <p className="field-error">{errors.email}</p>}
            </div>
            <PasswordField
              id="email-change-password"
              name="password"
              label="Password"
              autoComplete="current-password"
              value={password}
              error={errors.password ?? null}
              onChange={setPassword}
            />
            <button type="submit" disabled={busy}>
              చిరునామా మార్చండి
            </button>
          </form>
        </>
      )}
      <FormStatus status={notice} />
    </section>
  );
}
