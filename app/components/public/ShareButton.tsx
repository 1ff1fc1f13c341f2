// Share as people share in India: on a phone the system share sheet (WhatsApp, Telegram...), elsewhere
// the link is copied ('URL Copied!' for 2 s, or the failure message with the link shown so it can be
// copied by hand); a WhatsApp link beside it either way, and the story's square picture with its
// headline (WhatsApp status, Instagram) to download.
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../lib/messages.ts';

export const SHARE_CONFIRM_MS = 2000;
const SHARE_COPIED = MESSAGES.article.copied;
const SHARE_FAILED = MESSAGES.article.copyFailed;

/** wa.me opens WhatsApp (app or web) with the text ready to send. */
export const whatsAppLink = (title: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(title ? `${title} ${url}` : url)}`;

export function ShareButton({ url, title = '', pictureUrl }: { url: string; title?: string; pictureUrl?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), SHARE_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the sheet: nothing to do. Anything else: copy the link instead.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch (error) {
      console.error(SHARE_FAILED, error);
      setState('failed');
    }
  };

  return (
    <div className="share">
      <button type="button" className="share-button secondary" onClick={share}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="18" cy="5" r="3" fill="currentColor" />
          <circle cx="6" cy="12" r="3" fill="currentColor" />
          <circle cx="18" cy="19" r="3" fill="currentColor" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" stroke="currentColor" strokeWidth="2" />
        </svg>
        {MESSAGES.article.share}
      </button>
      <a className="share-whatsapp secondary" href={whatsAppLink(title, url)} target="_blank" rel="noopener noreferrer">
        {MESSAGES.article.whatsApp}
      </a>
      {pictureUrl && (
        <a className="share-picture secondary" href={pictureUrl} download>
          {MESSAGES.article.sharePicture}
        </a>
      )}
      <p className="share-status" role="status">
        {state === 'copied' && SHARE_COPIED}
        {state === 'failed' && (
          <>
            <span className="form-error">{SHARE_FAILED}</span> <span className="share-url">{url}</span>
          </>
        )}
      </p>
    </div>
  );
}
