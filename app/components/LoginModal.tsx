// Login / Register modal (docs/product.md, the header): Telugu labels, the Login and Register tabs
// named in English too, the validation messages as the product words them.
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { z } from 'zod';
import { LoginSchema, RegisterSchema, AUTH_MESSAGES, AUTH_ROUTES, ForgotPasswordSchema } from '../../contract/auth.ts';
import { toApiError } from '../../contract/errors.ts';
import { ApiRequestError, call } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { isNetworkFailure, MESSAGES } from '../lib/messages.ts';
import { Field, FormError, fieldProps } from './dashboard/Field.tsx';
import { Modal } from './Modal.tsx';

const T = MESSAGES.login;
const TABS = { login: T.loginTab, register: T.registerTab } as const;
type Tab = keyof typeof TABS;

/** `stay`: the page asked for this sign-in (app/lib/sign-in-request.ts); `onSignedIn` hears it worked. */
export function LoginModal({
  open,
  onClose,
  reason,
  stay = false,
  onSignedIn,
}: {
  open: boolean;
  onClose: () => void;
  reason?: string;
  stay?: boolean;
  onSignedIn?: () => void;
}) {
  const done = () => {
    onSignedIn?.();
    onClose();
  };
  const [tab, setTab] = useState<Tab>('login');
  // 'పాస్‌వర్డ్ మర్చిపోయారా?' opens the reset request in place of the sign-in form.
  const [forgot, setForgot] = useState(false);
  const heading = forgot ? T.forgotTitle : TABS[tab];
  return (
    <Modal open={open} onClose={onClose} title={`${heading.te} (${heading.en})`} className="login-modal">
      <div className="tabs-row">
        <div className="tabs" role="tablist">
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={tab === t ? 'tab active' : 'tab'}
              onClick={() => {
                setTab(t);
                setForgot(false);
              }}
            >
              {TABS[t].te}{' '}
              <span className="tab-en" lang="en">
                {TABS[t].en}
              </span>
            </button>
          ))}
        </div>
        <button type="button" className="icon-button modal-close" aria-label={T.close} onClick={onClose}>
          ×
        </button>
      </div>
      {reason && <p className="login-reason">{reason}</p>}
      {forgot ? (
        <ForgotForm onBack={() => setForgot(false)} />
      ) : tab === 'login' ? (
        <LoginForm onDone={done} stay={stay} onForgot={() => setForgot(true)} />
      ) : (
        <RegisterForm onDone={done} stay={stay} />
      )}
    </Modal>
  );
}

/**
 * One sign-in form's state: the product's validation messages per field, one request at a time,
 * and its failure in words (the server's message, the Telugu network message, or the fallback).
 */
function useAuthForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V, fallback: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const bind = (name: keyof V & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
  });
  /** `onFailure` answers true when the failure is a question, not an error (the two-step code is asked for). */
  const submit = (action: (data: z.output<S>) => Promise<void>, onFailure?: (e: unknown) => boolean) => async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setErrors(toApiError(parsed.error).errors ?? {});
    setErrors({});
    setBusy(true);
    setError('');
    try {
      await action(parsed.data);
    } catch (e) {
      if (onFailure?.(e)) return;
      setError(
        isNetworkFailure(e) ? MESSAGES.common.networkFailed : (e instanceof ApiRequestError && e.serverMessage) || fallback,
      );
    } finally {
      setBusy(false);
    }
  };
  return { bind, busy, error, submit };
}

type FieldProps = { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string };

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input {...input} {...fieldProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

function PasswordField({ autoComplete, ...field }: Omit<FieldProps, 'label'> & { autoComplete: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Field id={field.id} label={T.password} error={field.error}>
      <div className="password-row">
        <input
          {...fieldProps(field.id, field.error)}
          name="password"
          type={shown ? 'text' : 'password'}
          value={field.value}
          autoComplete={autoComplete}
          onChange={(e) => field.onChange(e.target.value)}
        />
        <button type="button" className="secondary" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? T.hidePassword : T.showPassword}
        </button>
      </div>
    </Field>
  );
}

function LoginForm({ onDone, stay, onForgot }: { onDone: () => void; stay: boolean; onForgot: () => void }) {
  const { login } = useAuth();
  const form = useAuthForm(LoginSchema, { username: '', password: '', code: '' }, AUTH_MESSAGES.loginFailed);
  // Two-step sign-in: the server answered 401 totpRequired, so the code field appears.
  const [needCode, setNeedCode] = useState(false);
  const onSubmit = form.submit(
    async ({ username, password, code }) => {
      await login(username, password, needCode ? code : undefined, stay);
      onDone();
    },
    (e) => {
      const asked = e instanceof ApiRequestError && !!(e.body as { totpRequired?: boolean } | null)?.totpRequired;
      // The first time the code is only asked for (a neutral prompt); a wrong code is an error.
      if (asked && !needCode) {
        setNeedCode(true);
        return true;
      }
      return false;
    },
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField id="login-username" label={T.username} name="username" autoComplete="username" {...form.bind('username')} />
      <PasswordField id="password-current" autoComplete="current-password" {...form.bind('password')} />
      {needCode && (
        <TextField
          id="login-code"
          label={T.code}
          hint={T.codeHint}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          {...form.bind('code')}
        />
      )}
      <FormError>{form.error}</FormError>
      <button type="submit" disabled={form.busy}>
        {T.submitLogin}
      </button>
      <p className="login-forgot">
        <button type="button" className="link-button" onClick={onForgot}>
          {T.forgot}
        </button>
      </p>
    </form>
  );
}

/** The reset request: the same answer for any address (the server says it); a site without mail says why. */
function ForgotForm({ onBack }: { onBack: () => void }) {
  const form = useAuthForm(ForgotPasswordSchema, { email: '' }, 'Could not send the link.');
  const [sent, setSent] = useState('');
  const onSubmit = form.submit(async ({ email }) => {
    setSent((await call(AUTH_ROUTES.forgotPassword, { body: { email } })).message);
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{T.forgotIntro}</p>
      <TextField id="forgot-email" label={T.email} name="email" type="email" autoComplete="email" {...form.bind('email')} />
      <FormError>{form.error}</FormError>
      {sent && (
        <p className="form-success" role="status">
          {sent}
        </p>
      )}
      <button type="submit" disabled={form.busy}>
        {T.submitForgot}
      </button>
      <p className="login-forgot">
        <button type="button" className="link-button" onClick={onBack}>
          {T.backToLogin}
        </button>
      </p>
    </form>
  );
}

function RegisterForm({ onDone, stay }: { onDone: () => void; stay: boolean }) {
  const { register } = useAuth();
  const form = useAuthForm(RegisterSchema, { username: '', email: '', password: '' }, AUTH_MESSAGES.registerFailed);
  const onSubmit = form.submit(async ({ username, email, password }) => {
    await register(username, email, password, stay);
    onDone();
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField id="register-username" label={T.username} name="username" autoComplete="username" {...form.bind('username')} />
      <TextField id="register-email" label={T.email} name="email" type="email" autoComplete="email" {...form.bind('email')} />
      <PasswordField id="password-new" autoComplete="new-password" {...form.bind('password')} />
      <FormError>{form.error}</FormError>
      <button type="submit" disabled={form.busy}>
        {T.submitRegister}
      </button>
    </form>
  );
}
