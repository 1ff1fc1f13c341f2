// An in-page question before an action that changes something (a role, a deletion): the page says
// what will happen and nothing happens until Confirm. Never the browser's confirm() box.
import type { ReactNode } from 'react';
import { Modal } from '../Modal.tsx';

type Props = {
  /** The dialog stays mounted while closed, so closing returns focus to the control that opened it. */
  open: boolean;
  title: string;
  /** The question and what follows from the answer. */
  children: ReactNode;
  confirmLabel?: string;
  /** A deletion: the confirm button reads as dangerous. */
  danger?: boolean;
  /** False when the action cannot be done (the dialog then says why): only Cancel is offered. */
  canConfirm?: boolean;
  /** While the action runs: both buttons wait and the confirm button shows '...'. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
};

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  danger,
  canConfirm = true,
  busy,
  onConfirm,
  onCancel,
  className,
}: Props) {
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={title} className={className}>
      <h2>{title}</h2>
      {children}
      <div className="modal-actions">
        {canConfirm && (
          <button type="button" className={danger ? 'danger' : undefined} disabled={busy} onClick={onConfirm}>
            {busy ? '...' : confirmLabel}
          </button>
        )}
        <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
