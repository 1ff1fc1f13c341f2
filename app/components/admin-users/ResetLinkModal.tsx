// An admin's one-time password reset link for another account: issued when the row's button is
// pressed, shown to copy and hand over (no mail server needed). A new link voids the previous one.
import { useState } from 'react';
import type { PasswordResetLink } from '../../../contract/auth.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import { Modal } from '../Modal.tsx';
import { FormError } from '../form/Field.tsx';
import { AUTH_ROUTES } from '../../../contract/auth.ts';
import { formatDateTime } from '../public/format.ts';

type Issued = { user: UserSummary; link: PasswordResetLink | null; error: string };

/** The link being shown (null: closed), and `issue` to ask the server for a new one. */
export function useResetLink() {
  const [issued, setIssued] = useState<Issued | null>(null);
  async function issue(user: UserSummary) {
    setIssued({ user, link: null, error: '' });
    // Only the answer for the account still shown is kept (the modal may have moved on).
    const keep = (next: Issued) => setIssued((now) => (now?.user.id === user.id ? next : now));
    try {
      keep({
        user,
        link: await call(AUTH_ROUTES.issueReset, { params: { id: user.id } }),
        error: '',
      });
    } catch (e) {
      keep({ user, link: null, error: failureText(e, { preferServer: true, failed: 'Could not issue a reset link.' }) });
    }
  }
  return { issued, issue: (user: UserSummary) => void issue(user), close: () => setIssued(null) };
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
