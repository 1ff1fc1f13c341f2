// The user's own page: who is signed in, change password, two-step sign-in (staff), sign out
// everywhere else, and the way back to reading.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/dashboard';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ACCESS, requireRole } from '../../lib/guard.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { AUTH_MESSAGES, ChangePasswordSchema, type Me, type TotpSetup } from '../../../contract/auth.ts';
import { toApiError } from '../../../contract/errors.ts';
import { MeSchema, TotpEnabledSchema, TotpSetupSchema } from '../../../contract/auth.ts';
import { homeForRole } from '../../../contract/roles.ts';
import { FormStatus } from '../../components/form/Field.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { AuthorProfile } from '../../components/account/AuthorProfile.tsx';
import { SavedStories } from '../../components/account/SavedStories.tsx';
import '../../styles/account.css';

export const meta = () => [{ title: 'User Dashboard' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ACCESS.account);
  // The account's own details; if they cannot be read the page still offers its actions.
  return { me: await api('/auth/me', MeSchema).catch(() => null) };
}

/** While the role is checked the page shows nothing. */
export function HydrateFallback() {
  return null;
}

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page narrow account-page">
      <h1>User Dashboard</h1>
      {loaderData.me && <p className="account-who">{MESSAGES.account.greeting(loaderData.me.username)}</p>}
      <SavedStories />
      <Account me={loaderData.me} />
      <KeepReading />
    </main>
  );
}

const failure = (e: unknown, fallback: string) => (e instanceof ApiRequestError && e.serverMessage) || fallback;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Account({ me }: { me: Me | null }) {
  const { role } = useAuth();
  const { revalidate } = useRevalidator();
  const reload = () => revalidate();
  const staff = role === 'ADMIN' || role === 'REPORTER';
  return (
    <>
      {me?.totpSetupRequired && (
        <p className="form-error" role="alert">
          {AUTH_MESSAGES.totpSetupRequired}
        </p>
      )}
      {role === 'REPORTER' && <AuthorProfile />}
      <ChangePassword />
      {staff && me && <TwoStep me={me} onChange={() => void reload()} />}
      <OtherSessions />
    </>
  );
}

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
] as const;

function ChangePassword() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangePasswordSchema.safeParse(values);
    if (!parsed.success) return setErrors(toApiError(parsed.error).errors ?? {});
    setErrors({});
    setBusy(true);
    setStatus(null);
    try {
      await api('/auth/change-password', { method: 'POST', body: parsed.data });
      setValues({ currentPassword: '', newPassword: '' });
      setStatus({ ok: true, text: AUTH_MESSAGES.passwordChanged });
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.errors) setErrors(error.body.errors);
      setStatus({ ok: false, text: failure(error, 'Could not change the password.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section title="Change password">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {PASSWORD_FIELDS.map(({ name, label, autoComplete }) => (
          <PasswordField
            key={name}
            id={name === 'currentPassword' ? 'current-password' : 'new-password'}
            label={label}
            autoComplete={autoComplete}
            value={values[name]}
            error={errors[name] ?? null}
            onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        ))}
        <FormStatus status={status} />
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </form>
    </Section>
  );
}

function TwoStep({ me, onChange }: { me: Me; onChange: () => void }) {
  const [setup, setSetup] = useState<(TotpSetup & { qr: string }) | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (e) {
      setError(failure(e, fallback));
    } finally {
      setBusy(false);
    }
  }
  const start = () =>
    act(async () => {
      const answer = await api('/auth/totp/setup', TotpSetupSchema, { method: 'POST' });
      // Loaded only here: the QR encoder is no part of any other page.
      const QRCode = (await import('qrcode')).default;
      const svg = await QRCode.toString(answer.otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      setSetup({ ...answer, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    }, 'Could not start the setup.');
  const enable = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const answer = await api('/auth/totp/enable', TotpEnabledSchema, { method: 'POST', body: { code: code.trim() } });
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      onChange();
    }, 'Could not turn two-step sign-in on.');
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('/auth/totp/disable', { method: 'POST', body: { password } });
      setPassword('');
      setRecoveryCodes(null);
      onChange();
    }, 'Could not turn two-step sign-in off.');
  };

  return (
    <Section title="Two-step sign-in">
      {recoveryCodes && (
        <div className="recovery-codes" role="status">
          <p>
            <strong>Two-step sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if you lose
            your phone. They are shown only now.
          </p>
          <ol className="recovery-code-list">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
        </div>
      )}
      {me.totpEnabled ? (
        <form onSubmit={disable} noValidate>
          {!recoveryCodes && <p>Two-step sign-in is on: signing in asks for a code from your authenticator app.</p>}
          <PasswordField
            id="totp-disable-password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <button type="submit" className="secondary" disabled={busy}>
            Turn off two-step sign-in
          </button>
        </form>
      ) : setup ? (
        <form onSubmit={enable} noValidate>
          <p>
            Scan this code with an authenticator app (Google Authenticator, Aegis, 1Password...), then enter the code it shows.
          </p>
          <img className="totp-qr" src={setup.qr} width={200} height={200} alt="QR code for your authenticator app" />
          <p className="totp-secret">
            Or type this key: <code>{setup.secret}</code>
          </p>
          <div className="field">
            <label htmlFor="totp-code">Code from your app</label>
            <input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : (
        <>
          <p>Protect your account with a code from your phone as well as your password.</p>
          <button type="button" disabled={busy} onClick={() => void start()}>
            Set up two-step sign-in
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Section>
  );
}

function OtherSessions() {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function signOutOthers() {
    setBusy(true);
    try {
      await api('/auth/logout-others', { method: 'POST' });
      setStatus({ ok: true, text: 'Signed out of every other browser and device.' });
    } catch (e) {
      setStatus({ ok: false, text: failure(e, 'Could not sign out the other sessions.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section title="Sessions">
      <p>Signed in on a shared or lost device? End every session but this one.</p>
      <button type="button" className="secondary" disabled={busy} onClick={() => void signOutOthers()}>
        Sign out everywhere else
      </button>
      <FormStatus status={status} />
    </Section>
  );
}

/** The way back to the reading side: the news, search, and (staff) the own dashboard. */
function KeepReading() {
  const { role, logout } = useAuth();
  const staff = role === 'ADMIN' || role === 'REPORTER';
  const T = MESSAGES.account;
  return (
    <section className="account-section" aria-labelledby="keep-reading">
      <h2 id="keep-reading">{T.reading}</h2>
      <ul className="account-links">
        <li>
          <Link to="/">{T.latestNews}</Link>
        </li>
        <li>
          <Link to="/search">{T.searchNews}</Link>
        </li>
        {staff && (
          <li>
            <Link to={homeForRole(role)}>{MESSAGES.header.myDashboard}</Link>
          </li>
        )}
      </ul>
      <button type="button" className="secondary" onClick={() => void logout()}>
        {MESSAGES.header.logout}
      </button>
    </section>
  );
}
