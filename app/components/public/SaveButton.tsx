// 'సేవ్': a signed-in reader keeps the story on their saved list (the account page lists it). The
// server draws the same button for everyone (the page is cached); whether this reader has saved
// the story is asked for in the browser once the button is alive. Signed out, a tap opens the
// login modal over the story and saves it once the reader is signed in.
import { useEffect, useRef, useState } from 'react';
import { pathOf } from '../../../contract/route.ts';
import { SAVED_ITEM_PATH } from '../../../contract/saved-path.ts';
import { API_BASE } from '../../lib/api.ts';
import { askSignIn } from '../../lib/sign-in-request.ts';

export const SAVE_TEXT = {
  save: 'సేవ్',
  saved: 'సేవ్ అయింది',
  signIn: 'సేవ్ చేయడానికి లాగిన్ అవ్వండి.',
  failed: 'సేవ్ కాలేదు. మళ్లీ ప్రయత్నించండి.',
} as const;

// SAVED_ROUTES.state/save/unsave (contract/saved.ts), called without the schemas: this island stays
// without zod, and its answers are read for one boolean.
const url = (articleId: number) => API_BASE + pathOf(SAVED_ITEM_PATH, { articleId });

export function SaveButton({ articleId }: { articleId: number }) {
  // null: not known yet (the first tap saves, as the button says).
  const [saved, setSaved] = useState<boolean | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A tap replayed while the first answer is on its way wins over that answer.
  const tapped = useRef(false);

  useEffect(() => {
    let current = true;
    fetch(url(articleId), { credentials: 'same-origin' })
      .then(async (response) => {
        // Always drained: an answer whose body is never read stays open in the browser, so the
        // page's network never settles.
        const body = response.ok ? ((await response.json()) as { saved: boolean }) : await response.text();
        if (!current) return;
        if (response.status === 401) setSignedOut(true);
        else if (typeof body === 'object' && !tapped.current) setSaved(body.saved);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [articleId]);

  /** Signed out: the login modal over the story (app/lib/sign-in-request.ts); true once signed in. */
  async function signInHere(): Promise<boolean> {
    setSignedOut(true);
    if (!(await askSignIn(SAVE_TEXT.signIn))) {
      setMessage(SAVE_TEXT.signIn);
      return false;
    }
    setSignedOut(false);
    return true;
  }

  async function toggle() {
    if (busy) return;
    setMessage(null);
    tapped.current = true;
    setBusy(true);
    // Signed out, the tap meant "save": after signing in in place the story is saved.
    const saving = signedOut || !saved;
    const send = () => fetch(url(articleId), { method: saving ? 'POST' : 'DELETE', credentials: 'same-origin' });
    try {
      let response = signedOut ? null : await send();
      if (!response || response.status === 401) {
        if (!(await signInHere())) return;
        response = await send();
      }
      if (response.ok) setSaved(saving);
      else setMessage(SAVE_TEXT.failed);
    } catch {
      setMessage(SAVE_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="save">
      <button type="button" className="save-button secondary" aria-pressed={saved === true} onClick={() => void toggle()}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 3h12v18l-6-4-6 4z" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
        </svg>
        {saved ? SAVE_TEXT.saved : SAVE_TEXT.save}
      </button>
      <p className="save-status" role="status">
        {message}
      </p>
    </div>
  );
}
