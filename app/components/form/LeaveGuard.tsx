// Leaving a form with unsaved changes asks first. Closing or reloading the tab gets the browser's
// own question (beforeunload: browsers show their own words, never ours); Back, a link or any other
// navigation inside the app is held by React Router's blocker and asked on the page, in a modal
// (never window.confirm). Usage: <LeaveGuard when={hasUnsavedChanges} />.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from '../Modal.tsx';

export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  text: 'Your changes are not saved yet. If you leave now, they are lost.',
  stay: 'Stay on this page',
  leave: 'Leave without saving',
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

  // Saved meanwhile (autosave): a held navigation may go on.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal open={blocked} onClose={() => blocker.reset?.()} title={LEAVE_MESSAGES.title} lockScroll={false}>
      <h2>{LEAVE_MESSAGES.title}</h2>
      <p>{text}</p>
      <div className="modal-actions">
        {/* First, so it has the focus: staying is the safe answer. */}
        <button type="button" onClick={() => blocker.reset?.()}>
          {LEAVE_MESSAGES.stay}
        </button>
        <button type="button" className="danger" onClick={() => blocker.proceed?.()}>
          {LEAVE_MESSAGES.leave}
        </button>
      </div>
    </Modal>
  );
}
