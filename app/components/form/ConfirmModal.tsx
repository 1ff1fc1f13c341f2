// A question on the page before an action that cannot be taken back (never window.confirm): the
// safe answer comes first and has the focus; the action's own button says what it does.
import type { ReactNode } from 'react';
import { Modal } from '../Modal.tsx';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button while the action runs, e.g. 'Deleting...'. */
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onCancel(): void;
  onConfirm(): void;
};

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onCancel,
  onConfirm,
}: Props) {
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={title} lockScroll={false}>
      <h2>{title}</h2>
      {children}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
