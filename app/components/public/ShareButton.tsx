// Share: copies the article's share link; 'URL Copied!' for 2 s, or the failure
// message of docs/product.md with the link shown so it can be copied by hand.
import { useEffect, useState } from 'react';

export const SHARE_CONFIRM_MS = 2000;
export const SHARE_COPIED = 'URL Copied!';
export const SHARE_FAILED = 'Failed to copy article URL. Please copy manually.';

export function ShareButton({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), SHARE_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
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
      <button type="button" className="share-button secondary" onClick={copy}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="18" cy="5" r="3" fill="currentColor" />
          <circle cx="6" cy="12" r="3" fill="currentColor" />
          <circle cx="18" cy="19" r="3" fill="currentColor" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" stroke="currentColor" strokeWidth="2" />
        </svg>
        Share
      </button>
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
