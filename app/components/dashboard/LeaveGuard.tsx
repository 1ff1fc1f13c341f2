// Leaving a form with unsaved changes asks first. Closing or reloading the tab gets the browser's
// own question (beforeunload: browsers show their own words, never ours); Back, a link or any other
// navigation inside the app is held by React Router's blocker and asked on the page, in a modal
// (never window.confirm). Usage: <LeaveGuard when={hasUnsavedChanges} />.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  text: 'Your changes are not saved yet. If you leave now, they are lost.',
  cancel: 'Stay on this page',
  confirm: 'Leave without saving',
} as const;

export function LeaveGuard({ when, text = LEAVE_MESSAGES.text }: { when: boolean; text?: string }) {
  // A change of the query alone (a draft id, a filter) stays on the form: only another page asks.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_MESSAGES.title}
      confirmLabel={LEAVE_MESSAGES.confirm}
      cancelLabel={LEAVE_MESSAGES.cancel}
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
