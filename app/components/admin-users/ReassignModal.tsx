// 'Reassign Articles' (docs/product.md): a reporter with articles gives up the role or the account only
// after naming another reporter to take them over. The modal says how many articles the server counted
// and what the confirm button will do, the resulting role included; with nobody to take the articles it
// says so and offers no confirm.
import type { FormEvent } from 'react';
import { FormError } from '../form/Field.tsx';
import { Modal } from '../Modal.tsx';
import { ROLE_AFTER_REASSIGN, type PendingChange } from './useUserChanges.ts';

type Reassign = Extract<PendingChange, { kind: 'reassign' }>;

type Props = {
  /** Null while closed; the dialog stays mounted so closing returns focus to the row's control. */
  reassign: Reassign | null;
  busy: boolean;
  /** Why the last confirm failed. */
  error: string | null;
  onConfirm: (toReporterId: number) => void;
  onClose: () => void;
};

export function ReassignModal({ reassign, onClose, ...rest }: Props) {
  return (
    <Modal open={reassign !== null} onClose={onClose} title="Reassign Articles" className="reassign-modal">
      {reassign && <ReassignForm key={`${reassign.user.id}-${reassign.flow}`} {...reassign} {...rest} onClose={onClose} />}
    </Modal>
  );
}

const articles = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

function Outcome({ user, flow, chosenRole }: Pick<Reassign, 'user' | 'flow' | 'chosenRole'>) {
  const name = user.username;
  if (flow === 'delete')
    return (
      <p className="change-outcome">
        {name}&apos;s articles move to the reporter you choose and the account of {name} is deleted.
      </p>
    );
  return (
    <p className="change-outcome">
      {name}&apos;s articles move to the reporter you choose and {name} becomes <strong>{ROLE_AFTER_REASSIGN}</strong>.
      {chosenRole && chosenRole !== ROLE_AFTER_REASSIGN && (
        <>
          {' '}
          You chose {chosenRole}: to make {name} {chosenRole}, change the role again afterwards.
        </>
      )}
    </p>
  );
}

function ReassignForm({
  user,
  flow,
  chosenRole,
  articleCount,
  candidates,
  busy,
  error,
  onConfirm,
  onClose,
}: Reassign & Omit<Props, 'reassign'>) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const target = Number(new FormData(e.currentTarget).get('toReporterId'));
    if (target > 0 && !busy) onConfirm(target);
  }

  return (
    <form onSubmit={submit}>
      <h2>Reassign Articles</h2>
      {candidates.length > 0 ? (
        <>
          <p>
            <strong>{user.username}</strong> has {articles(articleCount)}. Choose another reporter to transfer them to.
          </p>
          <div className="field">
            <label htmlFor="reassign-target">New reporter</label>
            {/* The first other reporter is chosen by default. */}
            <select id="reassign-target" name="toReporterId" defaultValue={candidates[0]?.id}>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.username} ({c.email})
                </option>
              ))}
            </select>
          </div>
          <Outcome user={user} flow={flow} chosenRole={chosenRole} />
        </>
      ) : (
        <p role="alert" className="form-error">
          <strong>{user.username}</strong> has {articles(articleCount)} and there is no other reporter to take them over. Make
          another user a REPORTER first, then try again.
        </p>
      )}
      <FormError>{error}</FormError>
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        {candidates.length > 0 && (
          <button type="submit" className={flow === 'delete' ? 'danger' : undefined} disabled={busy}>
            {flow === 'delete' ? 'Confirm & Delete' : 'Confirm & Change Role'}
          </button>
        )}
      </div>
    </form>
  );
}
