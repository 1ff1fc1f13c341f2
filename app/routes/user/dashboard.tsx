// The user's own page: who is signed in, the e-mail address (verified or not, a change), change password, two-step sign-in (staff), sign out
// everywhere else, and the way back to reading. Reads in the clientLoader; every change is a
// clientAction submitted by its section's fetcher, which answers the outcome the section shows (the
// loader then reads the account again).
import { useState, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/dashboard';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ACCESS, requireRole } from '../../lib/guard.ts';
import { call } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { setPasswordChangeAdvised, usePasswordChangeAdvised } from '../../lib/password-advice.ts';
import { AUTH_MESSAGES, AUTH_ROUTES, ChangePasswordSchema, TotpCodeSchema, type Me } from '../../../contract/auth.ts';
import { toApiError } from '../../../contract/errors.ts';
import { homeForRole } from '../../../contract/roles.ts';
import { checkStaffPassword, isStaffRole, STAFF_PASSWORD_MESSAGES } from '../../../contract/staff-password.ts';
import { siteAddressWords } from '../../../contract/newsroom-words.ts';
import { FormStatus } from '../../components/dashboard/Field.tsx';
import { failed, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { AuthorProfile } from '../../components/account/AuthorProfile.tsx';
import { SavedStories } from '../../components/account/SavedStories.tsx';
import { PasswordStrength, STAFF_RULE_HINT } from '../../components/account/PasswordStrength.tsx';
import { RecoveryCodes } from '../../components/account/RecoveryCodes.tsx';
import { EmailAddress } from '../../components/account/EmailAddress.tsx';
import { NewsletterSignup } from '../../components/public/NewsletterSignup.tsx';
import '../../styles/account.css';

const A = MESSAGES.account;

/** The server's answers a reader may meet here, in Telugu; others (the staff rule's) as they come. */
const TELUGU: Record<string, string> = {
  [AUTH_MESSAGES.currentPasswordWrong]: A.currentPasswordWrong,
  [AUTH_MESSAGES.passwordChanged]: A.passwordChanged,
};
const inTelugu = (text: string) => TELUGU[text] ?? text;
const inTeluguEach = (errors: Record<string, string> | undefined) =>
  errors && Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, inTelugu(v)]));

export const meta = () => [{ title: 'User Dashboard' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const role = await requireRole(request, ACCESS.account);
  // The account's own details; if they cannot be read the page still offers its actions.
  return { role, me: await call(AUTH_ROUTES.me).catch(() => null) };
}

/** While the role is checked the page shows nothing. */
export function HydrateFallback() {
  return null;
}

export const INTENTS = ['change-password', 'totp-setup', 'totp-enable', 'totp-disable', 'logout-others'] as const;
type Intent = (typeof INTENTS)[number];

/** What an action answers beside its outcome: the section it was for, and what two-step sign-in hands over. */
type Answer = Outcome<{ intent: Intent; setup?: { secret: string; qr: string }; recoveryCodes?: string[] }>;

/** The server's message, else the section's own text. */
const wording = (fallback: string) => ({ preferServer: true, failed: fallback, errored: fallback });

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Answer> {
  const role = await requireRole(request, ACCESS.account);
  const form = await request.formData();
  const intent = String(form.get('intent')) as Intent;
  const text = (name: string) => String(form.get(name) ?? '');
  switch (intent) {
    case 'change-password': {
      const parsed = ChangePasswordSchema.safeParse({
        currentPassword: text('currentPassword'),
        newPassword: text('newPassword'),
      });
      if (!parsed.success) {
        const { message, errors } = toApiError(parsed.error);
        return refused(message, errors, { intent });
      }
      // The staff rule, as the server will apply it (it is the authority; this saves a round trip).
      if (isStaffRole(role)) {
        const me = await call(AUTH_ROUTES.me).catch(() => null);
        const inputs = [...(me ? [me.username, me.email] : []), ...siteAddressWords(window.location.href)];
        const { problem } = await checkStaffPassword(parsed.data.newPassword, inputs);
        if (problem) return refused(problem, { newPassword: problem }, { intent });
      }
      try {
        await call(AUTH_ROUTES.changePassword, { body: parsed.data });
      } catch (error) {
        const answer = failed(error, wording(A.passwordNotChanged), { intent });
        return { ...answer, text: inTelugu(answer.text), errors: inTeluguEach(answer.errors) };
      }
      setPasswordChangeAdvised(false);
      return { intent, ok: true, text: A.passwordChanged };
    }
    case 'totp-setup':
      try {
        const answer = await call(AUTH_ROUTES.totpSetup);
        // Loaded only here: the QR encoder is no part of any other page.
        const QRCode = (await import('qrcode')).default;
        const svg = await QRCode.toString(answer.otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        return { intent, ok: true, text: '', setup: { secret: answer.secret, qr } };
      } catch (error) {
        return failed(error, wording('Could not start the setup.'), { intent });
      }
    case 'totp-enable': {
      const parsed = TotpCodeSchema.safeParse({ code: text('code') });
      if (!parsed.success) return refused(toApiError(parsed.error).message, undefined, { intent });
      try {
        const { recoveryCodes } = await call(AUTH_ROUTES.totpEnable, { body: parsed.data });
        return { intent, ok: true, text: '', recoveryCodes };
      } catch (error) {
        return failed(error, wording('Could not turn two-step sign-in on.'), { intent });
      }
    }
    case 'totp-disable':
      try {
        await call(AUTH_ROUTES.totpDisable, { body: { password: text('password') } });
        return { intent, ok: true, text: '' };
      } catch (error) {
        return failed(error, wording('Could not turn two-step sign-in off.'), { intent });
      }
    case 'logout-others':
      try {
        await call(AUTH_ROUTES.logoutOthers);
        return { intent, ok: true, text: A.signedOutOthers };
      } catch (error) {
        return failed(error, wording(A.signOutOthersFailed), { intent });
      }
    default:
      return refused('Unknown action.', undefined, { intent });
  }
}

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { me, role } = loaderData;
  const staff = isStaffRole(role);
  return (
    <main className="page narrow account-page">
      <h1>User Dashboard</h1>
      {me && <p className="account-who">{MESSAGES.account.greeting(me.username)}</p>}
      <SavedStories />
      {me?.totpSetupRequired && (
        <p className="form-error" role="alert">
          {AUTH_MESSAGES.totpSetupRequired}
        </p>
      )}
      {me && <EmailAddress me={me} />}
      <NewsletterSignup id="account-newsletter" email={me?.email} />
      {role === 'REPORTER' && <AuthorProfile />}
      <ChangePassword me={me} staff={staff} />
      {staff && me && <TwoStep me={me} />}
      <OtherSessions />
      <KeepReading />
    </main>
  );
}

/** `id`: the section's address on the page (#section-<id>), in English whatever its title says. */
function Section({ id: name, title, children }: { id: string; title: string; children: ReactNode }) {
  const id = `section-${name}`;
  return (
    <section className="account-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The section's fetcher and its last outcome, with the intent it submits. */
function useIntent(intent: Intent) {
  const fetcher = useFetcher<Answer>();
  const data = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, data, busy: fetcher.state !== 'idle', intentField: <input type="hidden" name="intent" value={intent} /> };
}

function ChangePassword({ me, staff }: { me: Me | null; staff: boolean }) {
  const { fetcher, data, busy, intentField } = useIntent('change-password');
  const advised = usePasswordChangeAdvised();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [shown, setShown] = useState<Answer | undefined>(undefined);
  // A successful change empties the fields (once per answer).
  if (data !== shown) {
    setShown(data);
    if (data?.ok) setValues({ currentPassword: '', newPassword: '' });
  }
  const errors = data?.errors ?? {};
  /** What a password field shows and where its typing goes. */
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
  });
  return (
    <Section id="change-password" title={A.changePassword}>
      {staff && advised && (
        <p className="form-error" role="alert">
          {STAFF_PASSWORD_MESSAGES.changeAdvised}
        </p>
      )}
      <fetcher.Form method="post" noValidate>
        {intentField}
        <PasswordField
          id="current-password"
          label={A.currentPassword}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField id="new-password" label={A.newPassword} autoComplete="new-password" {...field('newPassword')}>
          {staff && (
            <>
              <p className="field-hint">{STAFF_RULE_HINT}</p>
              <PasswordStrength
                id="new-password-strength"
                password={values.newPassword}
                userInputs={me ? [me.username, me.email] : []}
                quiet={!!errors.newPassword}
              />
            </>
          )}
        </PasswordField>
        {/* A problem with a field is said beside that field only (it was printed three times). */}
        <FormStatus status={data && !Object.values(errors).includes(data.text) ? { ok: data.ok, text: data.text } : null} />
        <button type="submit" disabled={busy}>
          {A.changePassword}
        </button>
      </fetcher.Form>
    </Section>
  );
}

function TwoStep({ me }: { me: Me }) {
  const setup = useIntent('totp-setup');
  const enable = useIntent('totp-enable');
  const disable = useIntent('totp-disable');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const recoveryCodes = me.totpEnabled ? enable.data?.recoveryCodes : undefined;
  const started = !me.totpEnabled && setup.data?.setup;
  const error = [setup, enable, disable].map((s) => (s.data && !s.data.ok ? s.data.text : '')).find(Boolean);
  const busy = setup.busy || enable.busy || disable.busy;

  return (
    <Section id="two-step-sign-in" title="Two-step sign-in">
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} username={me.username} />}
      {me.totpEnabled ? (
        <disable.fetcher.Form method="post" noValidate>
          {disable.intentField}
          {!recoveryCodes && <p>Two-step sign-in is on: signing in asks for a code from your authenticator app.</p>}
          <PasswordField
            id="totp-disable-password"
            name="password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <button type="submit" className="secondary" disabled={busy}>
            Turn off two-step sign-in
          </button>
        </disable.fetcher.Form>
      ) : started ? (
        <enable.fetcher.Form method="post" noValidate>
          {enable.intentField}
          <p>
            Scan this code with an authenticator app (Google Authenticator, Aegis, 1Password...), then enter the code it shows.
          </p>
          <img className="totp-qr" src={started.qr} width={200} height={200} alt="QR code for your authenticator app" />
          <p className="totp-secret">
            Or type this key: <code>{started.secret}</code>
          </p>
          <div className="field">
            <label htmlFor="totp-code">Code from your app</label>
            <input
              id="totp-code"
              name="code"
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
        </enable.fetcher.Form>
      ) : (
        <setup.fetcher.Form method="post">
          {setup.intentField}
          <p>Protect your account with a code from your phone as well as your password.</p>
          <button type="submit" disabled={busy}>
            Set up two-step sign-in
          </button>
        </setup.fetcher.Form>
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
  const { fetcher, data, busy, intentField } = useIntent('logout-others');
  return (
    <Section id="sessions" title={A.sessions}>
      <p>{A.sessionsHint}</p>
      <fetcher.Form method="post">
        {intentField}
        <button type="submit" className="secondary" disabled={busy}>
          {A.signOutOthers}
        </button>
      </fetcher.Form>
      <FormStatus status={data ? { ok: data.ok, text: data.text } : null} />
    </Section>
  );
}

/** The way back to the reading side: the news, search, and (staff) the own dashboard. */
function KeepReading() {
  const { role, logout } = useAuth();
  const staff = isStaffRole(role);
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
