// The route guard: nothing while loading; no role -> /; wrong role -> /unauthorized.
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { roleAllowed } from '../../contract/roles.ts';
import { useAuth } from '../lib/auth.tsx';

export function RouteGuard({ allowed, children }: { allowed: readonly string[]; children: ReactNode }) {
  const { loading, role } = useAuth();
  const location = useLocation();
  // <Navigate> navigates again whenever its `state` prop changes identity; a fresh object on each
  // render made every router update start a new redirect that aborted the previous one (a loop).
  const state = useMemo(() => ({ from: location }), [location]);
  if (loading) return null;
  if (!role) return <Navigate to="/" replace state={state} />;
  if (!roleAllowed(allowed, role)) return <Navigate to="/unauthorized" replace state={state} />;
  return <>{children}</>;
}
