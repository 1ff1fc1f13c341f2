// Signed-in state, filled in by the client so server HTML stays the same for everyone.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthCheck, AuthResult } from '../../contract/auth.ts';
import { normaliseRole, type Role } from '../../contract/roles.ts';
import { api, ApiRequestError } from './api.ts';
import { landingAfterSignIn, nextAfterSignIn } from './access.ts';

type AuthState = {
  /** True until the first auth check has answered. */
  loading: boolean;
  loggedIn: boolean;
  role: Role | null;
  /** `code`: the authenticator app's code (or a recovery code) when two-step sign-in is on. */
  login(username: string, password: string, code?: string): Promise<void>;
  register(username: string, email: string, password: string): Promise<void>;
  logout(): Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [role, setRole] = useState<Role | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // the auth check runs on every route change; failure (and 401) means logged out.
  useEffect(() => {
    let cancelled = false;
    api<AuthCheck>('/auth/check-auth')
      .then((check) => !cancelled && setRole(check.authenticated ? normaliseRole(check.role) : null))
      .catch(() => !cancelled && setRole(null))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [location.pathname]);

  const afterSignIn = useCallback(
    (result: AuthResult & { totpSetupRequired?: boolean }) => {
      const r = normaliseRole(result.role);
      setRole(r);
      setLoading(false);
      // REQUIRE_STAFF_TOTP: staff set two-step sign-in up on their own page before anything else.
      // Otherwise the page a signed-out visitor was sent home from, when this role may open it.
      navigate(result.totpSetupRequired ? '/user-dashboard' : landingAfterSignIn(r, nextAfterSignIn(location)));
    },
    [navigate, location],
  );

  const value = useMemo<AuthState>(
    () => ({
      loading,
      loggedIn: role !== null,
      role,
      async login(username, password, code) {
        afterSignIn(
          await api<AuthResult>('/auth/login', { method: 'POST', body: { username, password, code: code || undefined } }),
        );
      },
      async register(username, email, password) {
        afterSignIn(await api<AuthResult>('/auth/register', { method: 'POST', body: { username, email, password } }));
      },
      async logout() {
        try {
          await api('/auth/logout', { method: 'POST' });
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
        }
        setRole(null);
        navigate('/');
      },
    }),
    [loading, role, afterSignIn, navigate],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
