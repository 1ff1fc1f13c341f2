// SPEC.md §2 Route guard: nothing while loading; no role -> /; wrong role -> /unauthorized.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { roleAllowed } from '../../contract/roles.ts';
import { useAuth } from '../lib/auth.tsx';

export function RouteGuard({ allowed, children }: { allowed: readonly string[]; children: ReactNode }) {
  const { loading, role } = useAuth();
  const location = useLocation();
  if (loading) return null;
  if (!role) return <Navigate to="/" replace state={{ from: location }} />;
  if (!roleAllowed(allowed, role)) return <Navigate to="/unauthorized" replace state={{ from: location }} />;
  return <>{children}</>;
}
