// deleting an approved article asks 'Are you sure you want to delete this article?'.
import { ConfirmModal } from '../form/ConfirmModal.tsx';
import { REVIEW_MESSAGES } from '../../../contract/review.ts';

type Props = { title: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void };

export function ConfirmDeleteModal({ title, busy, onCancel, onConfirm }: Props) {
  return (
    <ConfirmModal
      open={title !== null}
      title="Delete article"
      confirmLabel="Confirm"
      busyLabel="Deleting..."
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{REVIEW_MESSAGES.confirmDelete}</p>
      {title && <p className="review-quote">{title}</p>}
    </ConfirmModal>
  );
}
