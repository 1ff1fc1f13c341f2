// The About Us page's hidden credit: 8 clicks on the logo, each within 1 s of
// the previous, then 10 s later a banner shows for 3 s.
import { useEffect, useRef, useState } from 'react';
import { SITE_NAME } from '../../lib/site.ts';
import { MESSAGES } from '../../lib/messages.ts';

export const CREDIT = {
  clicks: 8,
  windowMs: 1000,
  delayMs: 10_000,
  showMs: 3000,
  text: MESSAGES.about.credit,
} as const;

export function LogoWithCredit() {
  const clicks = useRef({ count: 0, last: 0 });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [shown, setShown] = useState(false);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const onClick = () => {
    const now = Date.now();
    const state = clicks.current;
    // A click more than 1 s after the previous one starts a new run.
    state.count = now - state.last <= CREDIT.windowMs ? state.count + 1 : 1;
    state.last = now;
    if (state.count < CREDIT.clicks) return;
    state.count = 0;
    timers.current.push(
      setTimeout(() => {
        setShown(true);
        timers.current.push(setTimeout(() => setShown(false), CREDIT.showMs));
      }, CREDIT.delayMs),
    );
  };

  return (
    <>
      <button type="button" className="about-logo" onClick={onClick}>
        <span className="logo-mark" aria-hidden="true">
          తె
        </span>
        <span className="about-logo-text">{SITE_NAME}</span>
      </button>
      {shown && (
        <p className="credit-banner" role="status">
          {CREDIT.text}
        </p>
      )}
    </>
  );
}
