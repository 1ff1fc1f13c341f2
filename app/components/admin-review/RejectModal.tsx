// Reject asks for an optional reason the reporter will see (at most 500 characters).
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../Modal.tsx';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';
import { REJECTION_REASON_MAX } from '../../../contract/review.ts';

type Props = { open: boolean; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void };

export function RejectModal({ open, busy, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <Modal open={open} onClose={onCancel} title="Reject article" lockScroll={false}>
      <form onSubmit={submit}>
        <h2>Reject article</h2>
        <TeluguTypingToggle />
        <div className="field">
          <label htmlFor={id}>Reason for the reporter (optional)</label>
          <textarea
            id={id}
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            data-telugu
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${id}-count`}
          />
          <p id={`${id}-count`} className="review-count">
            {reason.length}/{REJECTION_REASON_MAX}
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={busy}>
            {busy ? 'Rejecting...' : 'Reject'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
