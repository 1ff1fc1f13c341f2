// How the review screens move on after a success (failures are worded by ../dashboard/failure.ts).
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_NAVIGATE_DELAY_MS } from '../../../contract/review.ts';

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
