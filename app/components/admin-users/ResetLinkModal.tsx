// An admin's one-time password reset link for another account: issued when the modal opens,
// shown to copy and hand over (no mail server needed). A new link voids the previous one.
import { useEffect, useState } from 'react';
import type { PasswordResetLink } from '../../../contract/auth.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { Modal } from '../Modal.tsx';
import { PasswordResetLinkSchema } from '../../../contract/auth.ts';

export function ResetLinkModal({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    setLink(null);
    setError('');
    setCopied(false);
    api(`/admin/users/${user.id}/password-reset`, PasswordResetLinkSchema, { method: 'POST' })
      .then((l) => !cancelled && setLink(l))
      .catch((e) => !cancelled && setError((e instanceof ApiRequestError && e.serverMessage) || 'Could not issue a reset link.'));
    return () => {
      cancelled = true;
    };
  }, [user]);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.resetUrl);
      setCopied(true);
    } catch {
      // No clipboard (plain http, older browser): the link stays selectable in the field.
    }
  }

  return (
    <Modal open={user !== null} onClose={onClose} title="Password reset link" className="reset-link-modal">
      <h2>Password reset link</h2>
      {user && (
        <p>
          A one-time link for <strong>{user.username}</strong> to choose a new password. Hand it over in person or over a channel
          you trust; anyone holding it can set the password.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!link && !error && <p role="status">Issuing a link...</p>}
      {link && (
        <>
          <label htmlFor="reset-link-url">Reset link</label>
          <input id="reset-link-url" readOnly value={link.resetUrl} onFocus={(e) => e.target.select()} />
          <p className="reset-link-expiry">
            Valid until {new Date(link.expiresAt).toLocaleString('en-GB', { timeZone: 'Asia/Kolkata' })} IST (24 hours), once.
            Setting a new password through it ends every session of this account.
          </p>
        </>
      )}
      <div className="modal-actions">
        {link && (
          <button type="button" onClick={() => void copy()}>
            {copied ? 'Copied!' : 'Copy link'}
          </button>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
