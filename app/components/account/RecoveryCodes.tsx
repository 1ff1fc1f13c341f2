// Two-step sign-in's recovery codes, shown once when it is turned on: copied to the clipboard or
// downloaded as a .txt file, to keep somewhere safe.
import { useEffect, useMemo, useState } from 'react';
import { SITE_NAME } from '../../lib/site.ts';

export const RECOVERY_FILE_NAME = 'recovery-codes.txt';

export function recoveryText(codes: string[], username?: string) {
  const who = username ? ` (${username})` : '';
  return [
    `${SITE_NAME}${who}: two-step sign-in recovery codes.`,
    'Each signs you in once if you lose your phone. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodes({ codes, username }: { codes: string[]; username?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = useMemo(() => recoveryText(codes, username), [codes, username]);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard (plain http, an older browser): the codes stay on the page to select.
      setCopied(false);
    }
  }

  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>Two-step sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ol className="recovery-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy codes'}
        </button>
        {href && (
          <a className="button secondary" href={href} download={RECOVERY_FILE_NAME}>
            Download (.txt)
          </a>
        )}
      </div>
      {copied === false && <p className="form-error">Could not copy: select the codes and copy them yourself.</p>}
    </div>
  );
}
