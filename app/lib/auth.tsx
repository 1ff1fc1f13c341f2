// Signed-in state, filled in by the client so server HTML stays the same for everyone.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthResult } from '../../contract/auth.ts';
import { normaliseRole, type Role } from '../../contract/roles.ts';
import { ApiRequestError, call } from './api.ts';
import { landingAfterSignIn, nextAfterSignIn, rolesFor } from './access.ts';
import { setPasswordChangeAdvised } from './password-advice.ts';

type AuthState = {
  /** True until the first auth check has answered. */
  loading: boolean;
  loggedIn: boolean;
  role: Role | null;
  /**
   * `code`: the authenticator app's code (or a recovery code) when two-step sign-in is on. `stay`:
   * signed in in place (asked for by the page, app/lib/sign-in-request.ts), no landing page.
   */
  login(username: string, password: string, code?: string, stay?: boolean): Promise<void>;
  /** A reader who registers on a reading page (other than home) stays on it, as with `stay`. */
  register(username: string, email: string, password: string, stay?: boolean): Promise<void>;
  logout(): Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * The sign-in routes (contract/auth.ts), loaded when first called: the header island
 * (app/islands/header.client.tsx) does not carry the contract's schemas in its own chunk.
 */
const routes = () => import('../../contract/auth.ts').then((m) => m.AUTH_ROUTES);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [role, setRole] = useState<Role | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // the auth check runs on every route change; failure (and 401) means logged out.
  useEffect(() => {
    let cancelled = false;
    routes()
      .then((r) => call(r.check))
      .then((check) => !cancelled && setRole(check.authenticated ? normaliseRole(check.role) : null))
      .catch(() => !cancelled && setRole(null))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [location.pathname]);

  const afterSignIn = useCallback(
    (result: AuthResult, stay: boolean) => {
      const r = normaliseRole(result.role);
      setRole(r);
      setLoading(false);
      // A staff password below the staff password rule: the staff shell and the account page say so.
      setPasswordChangeAdvised(!!result.passwordChangeAdvised);
      // REQUIRE_STAFF_TOTP: staff set two-step sign-in up on their own page before anything else.
      // Otherwise the page a signed-out visitor was sent home from, when this role may open it.
      if (result.totpSetupRequired) navigate('/user-dashboard');
      else if (!stay) navigate(landingAfterSignIn(r, nextAfterSignIn(location)));
    },
    [navigate, location],
  );

  const value = useMemo<AuthState>(
    () => ({
      loading,
      loggedIn: role !== null,
      role,
      async login(username, password, code, stay = false) {
        afterSignIn(await call((await routes()).login, { body: { username, password, code: code || undefined } }), stay);
      },
      async register(username, email, password, stay = false) {
        // Registering while reading (a story, a category, a search) keeps the reader on that page.
        const reading = location.pathname !== '/' && rolesFor(location.pathname) === null;
        afterSignIn(await call((await routes()).register, { body: { username, email, password } }), stay || reading);
      },
      async logout() {
        try {
          await call((await routes()).logout);
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
        }
        setRole(null);
        setPasswordChangeAdvised(false);
        navigate('/');
      },
    }),
    [loading, role, afterSignIn, navigate, location.pathname],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
