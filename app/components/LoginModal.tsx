// Login / Register modal (docs/product.md, the header).
import { useState, type FormEvent } from 'react';
import { LoginSchema, RegisterSchema, AUTH_MESSAGES } from '../../contract/auth.ts';
import { toApiError } from '../../contract/errors.ts';
import { ApiRequestError } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { Modal } from './Modal.tsx';

type Tab = 'login' | 'register';

export function LoginModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('login');
  return (
    <Modal open={open} onClose={onClose} title={tab === 'login' ? 'Login' : 'Register'} className="login-modal">
      <div className="tabs" role="tablist">
        {(['login', 'register'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'tab active' : 'tab'}
            onClick={() => setTab(t)}
          >
            {t === 'login' ? 'Login' : 'Register'}
          </button>
        ))}
        <button type="button" className="icon-button modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {tab === 'login' ? <LoginForm onDone={onClose} /> : <RegisterForm onDone={onClose} />}
    </Modal>
  );
}

function PasswordField({
  value,
  onChange,
  error,
  autoComplete,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoComplete: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={`password-${autoComplete}`}>Password</label>
      <div className="password-row">
        <input
          id={`password-${autoComplete}`}
          name="password"
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={!!error}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="secondary" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function useSubmit(fallback: string, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await action();
      onDone();
    } catch (e) {
      setError((e instanceof ApiRequestError && e.serverMessage) || fallback);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { login } = useAuth();
  const [values, setValues] = useState({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Two-step sign-in: the server answered 401 totpRequired, so the code field appears.
  const [needCode, setNeedCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) return setErrors(toApiError(parsed.error).errors ?? {});
    setErrors({});
    setBusy(true);
    setError('');
    try {
      await login(parsed.data.username, parsed.data.password, needCode ? parsed.data.code : undefined);
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError && (e.body as { totpRequired?: boolean } | null)?.totpRequired) setNeedCode(true);
      setError((e instanceof ApiRequestError && e.serverMessage) || AUTH_MESSAGES.loginFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="login-username">Username</label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          value={values.username}
          aria-invalid={!!errors.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
        />
        {errors.username && <p className="field-error">{errors.username}</p>}
      </div>
      <PasswordField
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        error={errors.password}
        autoComplete="current-password"
      />
      {needCode && (
        <div className="field">
          <label htmlFor="login-code">Authentication code</label>
          <input
            id="login-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={values.code}
            onChange={(e) => setValues({ ...values, code: e.target.value })}
          />
          <p className="field-hint">The 6-digit code from your authenticator app, or one of your recovery codes.</p>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Login
      </button>
    </form>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const { register } = useAuth();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, error, run } = useSubmit(AUTH_MESSAGES.registerFailed, onDone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RegisterSchema.safeParse(values);
    if (!parsed.success) return setErrors(toApiError(parsed.error).errors ?? {});
    setErrors({});
    void run(() => register(parsed.data.username, parsed.data.email, parsed.data.password));
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="register-username">Username</label>
        <input
          id="register-username"
          name="username"
          autoComplete="username"
          value={values.username}
          aria-invalid={!!errors.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
        />
        {errors.username && <p className="field-error">{errors.username}</p>}
      </div>
      <div className="field">
        <label htmlFor="register-email">Email</label>
        <input
          id="register-email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          aria-invalid={!!errors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        {errors.email && <p className="field-error">{errors.email}</p>}
      </div>
      <PasswordField
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        error={errors.password}
        autoComplete="new-password"
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Register
      </button>
    </form>
  );
}
