// An admin's one-time password reset link for another account: issued when the row's button is
// pressed (a submission to the route's clientAction), shown to copy and hand over (no mail server
// needed). A new link voids the previous one.
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { PasswordResetLink } from '../../../contract/auth.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { Modal } from '../Modal.tsx';
import { FormError } from '../dashboard/Field.tsx';
import { formatDateTime } from '../public/format.ts';
import type { IssuedLink } from './useUserChanges.ts';
import type { Outcome } from '../dashboard/outcome.ts';

type Issued = { user: UserSummary; link: PasswordResetLink | null; error: string };

/** The link being shown (null: closed), and `issue` to ask the server for a new one. */
export function useResetLink() {
  const [user, setUser] = useState<UserSummary | null>(null);
  const issuer = useFetcher<Outcome<IssuedLink>>();
  // Only the answer for the account shown now counts (a new issue cancels the one before).
  const answer = issuer.state === 'idle' && issuer.data?.userId === user?.id ? issuer.data : undefined;
  const issued: Issued | null = user && {
    user,
    link: answer?.link ?? null,
    error: answer && !answer.ok ? answer.text : '',
  };
  function issue(next: UserSummary) {
    setUser(next);
    void issuer.submit({ intent: 'reset-link', id: next.id }, { method: 'post' });
  }
  return { issued, issue, close: () => setUser(null) };
}

export function ResetLinkModal({ issued, onClose }: { issued: Issued | null; onClose: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const link = issued?.link;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.resetUrl);
      setCopied(link.resetUrl);
    } catch {
      // No clipboard (plain http, older browser): the link stays selectable in the field.
    }
  }

  return (
    <Modal open={issued !== null} onClose={onClose} title="Password reset link" className="reset-link-modal">
      <h2>Password reset link</h2>
      {issued && (
        <p>
          A one-time link for <strong>{issued.user.username}</strong> to choose a new password. Hand it over in person or over a
          channel you trust; anyone holding it can set the password.
        </p>
      )}
      <FormError>{issued?.error}</FormError>
      {issued && !link && !issued.error && <p role="status">Issuing a link...</p>}
      {link && (
        <>
          <label htmlFor="reset-link-url">Reset link</label>
          <input id="reset-link-url" readOnly value={link.resetUrl} onFocus={(e) => e.target.select()} />
          <p className="reset-link-expiry">
            Valid until {formatDateTime(link.expiresAt)} (24 hours), once. Setting a new password through it ends every session of
            this account.
          </p>
        </>
      )}
      <div className="modal-actions">
        {link && (
          <button type="button" onClick={() => void copy()}>
            {copied === link.resetUrl ? 'Copied!' : 'Copy link'}
          </button>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
