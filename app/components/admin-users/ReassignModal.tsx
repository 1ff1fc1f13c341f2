// 'Reassign Articles' (docs/product.md): a reporter with articles gives up the role or the account only
// after naming another reporter to take them over. The question (the dashboard kit's ConfirmDialog)
// says how many articles the server counted and what the confirm button will do, the resulting role
// included; with nobody to take the articles it says so and offers no confirm.
import { useRef, type RefObject } from 'react';
import { ConfirmDialog } from '../dashboard/ConfirmDialog.tsx';
import { FormError } from '../dashboard/Field.tsx';
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

export function ReassignModal({ reassign, busy, error, onConfirm, onClose }: Props) {
  const target = useRef<HTMLSelectElement>(null);
  const canConfirm = (reassign?.candidates.length ?? 0) > 0;
  const deleting = reassign?.flow === 'delete';
  const label = deleting ? 'Confirm & Delete' : 'Confirm & Change Role';
  return (
    <ConfirmDialog
      open={reassign !== null}
      title="Reassign Articles"
      // The button keeps its words while the change runs (it is disabled meanwhile).
      confirmLabel={label}
      busyLabel={label}
      danger={deleting}
      canConfirm={canConfirm}
      busy={busy}
      onConfirm={() => target.current && onConfirm(Number(target.current.value))}
      onCancel={onClose}
      className="reassign-modal"
    >
      {reassign && <Question key={`${reassign.user.id}-${reassign.flow}`} {...reassign} target={target} />}
      <FormError>{error}</FormError>
    </ConfirmDialog>
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

function Question({
  user,
  flow,
  chosenRole,
  articleCount,
  candidates,
  target,
}: Reassign & { target: RefObject<HTMLSelectElement | null> }) {
  if (candidates.length === 0)
    return (
      <p role="alert" className="form-error">
        <strong>{user.username}</strong> has {articles(articleCount)} and there is no other reporter to take them over. Make
        another user a REPORTER first, then try again.
      </p>
    );
  return (
    <>
      <p>
        <strong>{user.username}</strong> has {articles(articleCount)}. Choose another reporter to transfer them to.
      </p>
      <div className="field">
        <label htmlFor="reassign-target">New reporter</label>
        {/* The first other reporter is chosen by default. */}
        <select id="reassign-target" ref={target} defaultValue={candidates[0]?.id}>
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.username} ({c.email})
            </option>
          ))}
        </select>
      </div>
      <Outcome user={user} flow={flow} chosenRole={chosenRole} />
    </>
  );
}
