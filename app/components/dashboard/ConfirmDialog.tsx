// The one question on the page before an action that changes something (a role, a deletion, a
// restore): it says what will happen and nothing happens until the action's own button. Never the
// browser's confirm() box. The safe answer comes first.
//   const deleting = useConfirm<Draft>();            deleting.ask(draft) opens it
//   <ConfirmDialog {...deleting.dialog} title=... confirmLabel=... busy={busy} onConfirm={() => remove(deleting.item!)}>
import { useState, type ReactNode } from 'react';
import { Modal } from '../Modal.tsx';

type Props = {
  /** Stays mounted while closed, so closing returns focus to the control that opened it. */
  open: boolean;
  title: string;
  /** The question and what follows from the answer. */
  children: ReactNode;
  /** The action's button: says what it does. */
  confirmLabel?: string;
  /** The action's button while it runs (default '...'). */
  busyLabel?: string;
  cancelLabel?: string;
  /** A deletion: the button reads as dangerous. */
  danger?: boolean;
  /** False when the action cannot be done (the dialog then says why): only the way back is offered. */
  canConfirm?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  className?: string;
};

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  busyLabel = '...',
  cancelLabel = 'Cancel',
  danger,
  canConfirm = true,
  busy = false,
  onConfirm,
  onCancel,
  className,
}: Props) {
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={title} className={className} lockScroll={false}>
      <h2>{title}</h2>
      {children}
      <div className="modal-actions">
        <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        {canConfirm && (
          <button type="button" className={danger ? 'danger' : undefined} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </button>
        )}
      </div>
    </Modal>
  );
}

/** The thing a question is about while it is asked (null: not asked). */
export function useConfirm<T>() {
  const [item, setItem] = useState<T | null>(null);
  return { item, ask: setItem, dialog: { open: item !== null, onCancel: () => setItem(null) } };
}
