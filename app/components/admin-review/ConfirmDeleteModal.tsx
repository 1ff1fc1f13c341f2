// deleting an approved article asks 'Are you sure you want to delete this article?'.
import { Modal } from '../Modal.tsx';
import { REVIEW_MESSAGES } from '../../../contract/review.ts';

type Props = { title: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void };

export function ConfirmDeleteModal({ title, busy, onCancel, onConfirm }: Props) {
  return (
    <Modal open={title !== null} onClose={onCancel} title="Delete article" lockScroll={false}>
      <h2>Delete article</h2>
      <p>{REVIEW_MESSAGES.confirmDelete}</p>
      {title && <p className="review-quote">{title}</p>}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : 'Confirm'}
        </button>
      </div>
    </Modal>
  );
}
