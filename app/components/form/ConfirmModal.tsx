// A question on the page before an action that cannot be taken back (never window.confirm): the
// safe answer comes first and has the focus; the action's own button says what it does.
//   const deleting = useConfirm<Draft>();            deleting.ask(draft) opens it
//   <ConfirmModal {...deleting.modal} words={DELETE_DRAFT} busy={busy} onConfirm={() => remove(deleting.item)}>
import { useState, type ReactNode } from 'react';
import { Modal } from '../Modal.tsx';

/** The question's words: its title, the action's button (and while it runs), the way back. */
export type ConfirmWords = { title: string; confirm: string; busy?: string; cancel?: string };

type Props = {
  open: boolean;
  words: ConfirmWords;
  children: ReactNode;
  busy?: boolean;
  onCancel(): void;
  onConfirm(): void;
};

export function ConfirmModal({ open, words, children, busy = false, onCancel, onConfirm }: Props) {
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={words.title} lockScroll={false}>
      <h2>{words.title}</h2>
      {children}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {words.cancel ?? 'Cancel'}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy && words.busy ? words.busy : words.confirm}
        </button>
      </div>
    </Modal>
  );
}

/** The thing a question is about while it is asked (null: not asked). */
export function useConfirm<T>() {
  const [item, setItem] = useState<T | null>(null);
  return { item, ask: setItem, modal: { open: item !== null, onCancel: () => setItem(null) } };
}

export const DELETE_ARTICLE: ConfirmWords = { title: 'Delete article', confirm: 'Confirm', busy: 'Deleting...' };
