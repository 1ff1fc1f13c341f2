// How the review screens word a failed call and move on after a success.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api.ts';
import { ADMIN_NAVIGATE_DELAY_MS } from '../../../contract/review.ts';

/** The "..." of docs/product.md alerts: the server's message when it gave one, else 'HTTP error! status: N'. */
export function failureText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The status of 'Error approving article: {status}' (0 when the network failed). */
export function failureStatus(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}

/**
 * After a success message, moving on once ADMIN_NAVIGATE_DELAY_MS has passed (docs/product.md: 2 s).
 * Called by the action that succeeded; leaving the screen earlier cancels it.
 */
export function useNavigateLater() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to), ADMIN_NAVIGATE_DELAY_MS);
    },
    [navigate],
  );
}
