// docs/product.md 'Reassign Articles': a reporter gives up the role or the account only after naming another
// reporter to take over the articles. With nobody to take them, the modal says so and offers no confirm.
import { useState, type FormEvent } from 'react';
import type { UserSummary } from '../../../contract/users.ts';
import { Modal } from '../Modal.tsx';

export type ReassignFlow = 'role' | 'delete';

export type Reassign = {
  reporter: UserSummary;
  flow: ReassignFlow;
  /** Every other reporter, already without `reporter`. */
  candidates: UserSummary[];
};

type Props = {
  /** Null while closed; the dialog stays mounted so closing returns focus to the row's control. */
  reassign: Reassign | null;
  busy: boolean;
  onConfirm: (toReporterId: number) => void;
  /** A reporter with no articles and nobody to hand them to: change or delete without a reassignment. */
  onDirect: () => void;
  onClose: () => void;
};

export function ReassignModal({ reassign, onClose, ...rest }: Props) {
  return (
    <Modal open={reassign !== null} onClose={onClose} title="Reassign Articles" className="reassign-modal">
      {reassign && <ReassignForm key={`${reassign.reporter.id}-${reassign.flow}`} {...reassign} {...rest} onClose={onClose} />}
    </Modal>
  );
}

function ReassignForm({ reporter, flow, candidates, busy, onConfirm, onDirect, onClose }: Reassign & Omit<Props, 'reassign'>) {
  // the first other reporter is chosen by default.
  const [target, setTarget] = useState<number | null>(candidates[0]?.id ?? null);
  const confirmLabel = flow === 'delete' ? 'Confirm & Delete' : 'Confirm & Change Role';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (target !== null && !busy) onConfirm(target);
  }

  return (
    <form onSubmit={submit}>
      <h2>Reassign Articles</h2>
      {candidates.length > 0 ? (
        <>
          <p>
            <strong>{reporter.username}</strong> has articles. Choose another reporter to transfer them to.
          </p>
          <div className="field">
            <label htmlFor="reassign-target">New reporter</label>
            <select id="reassign-target" value={target ?? ''} onChange={(e) => setTarget(Number(e.target.value))}>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.username} ({c.email})
                </option>
              ))}
            </select>
          </div>
        </>
      ) : reporter.articleCount === 0 ? (
        <p>
          There is no other reporter, but <strong>{reporter.username}</strong> has no articles, so none need to move.
        </p>
      ) : (
        <p role="alert" className="form-error">
          There is no other reporter to take over the articles of <strong>{reporter.username}</strong>. Make another user a
          REPORTER first, then try again.
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        {candidates.length > 0 && (
          <button type="submit" className={flow === 'delete' ? 'danger' : undefined} disabled={busy}>
            {confirmLabel}
          </button>
        )}
        {candidates.length === 0 && reporter.articleCount === 0 && (
          <button type="button" className={flow === 'delete' ? 'danger' : undefined} disabled={busy} onClick={onDirect}>
            {flow === 'delete' ? 'Delete' : 'Change Role'}
          </button>
        )}
      </div>
    </form>
  );
}
