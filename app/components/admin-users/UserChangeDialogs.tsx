// The questions of the All Users screen, one open at a time: a direct role change ('Change alice's role
// from USER to ADMIN?'), a deletion, or Reassign Articles for a reporter who has articles.
import type { Role } from '../../../contract/roles.ts';
import { USER_MESSAGES } from '../../../contract/users.ts';
import { ConfirmDialog } from '../dashboard/ConfirmDialog.tsx';
import { FormError } from '../dashboard/Field.tsx';
import { ReassignModal } from './ReassignModal.tsx';
import type { useUserChanges } from './useUserChanges.ts';

/** What each role may do, so the question says what the change gives or takes away. */
const ROLE_POWERS: Record<Role, string> = {
  USER: 'read the site and use an account page',
  REPORTER: 'write articles and send them for review',
  ADMIN: 'review every article and manage users and the site',
};

export function UserChangeDialogs({ changes }: { changes: ReturnType<typeof useUserChanges> }) {
  const { pending, busy, error, confirm, cancel } = changes;
  const role = pending?.kind === 'role' ? pending : null;
  const removal = pending?.kind === 'delete' ? pending : null;
  return (
    <>
      <ConfirmDialog
        open={role !== null}
        title="Change role"
        busy={busy}
        onConfirm={() => confirm()}
        onCancel={cancel}
        className="role-change-modal"
      >
        {role && (
          <>
            <p>
              Change {role.user.username}&apos;s role from {role.user.role} to <strong>{role.role}</strong>?
            </p>
            <p className="change-outcome">
              As {role.role}, {role.user.username} can {ROLE_POWERS[role.role]}. {role.user.username} is signed out on every
              device and signs in again as {role.role}.
            </p>
          </>
        )}
        <FormError>{error}</FormError>
      </ConfirmDialog>

      <ConfirmDialog open={removal !== null} title="Delete user" danger busy={busy} onConfirm={() => confirm()} onCancel={cancel}>
        <p>{USER_MESSAGES.confirmDelete}</p>
        {removal && (
          <p className="change-outcome">
            The account of <strong>{removal.user.username}</strong> ({removal.user.email}) is deleted and signed out everywhere.
          </p>
        )}
        <FormError>{error}</FormError>
      </ConfirmDialog>

      <ReassignModal
        reassign={pending?.kind === 'reassign' ? pending : null}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onClose={cancel}
      />
    </>
  );
}
