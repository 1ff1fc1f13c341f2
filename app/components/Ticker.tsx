// Latest-news ticker labelled 'లేటెస్ట్' with up to 10 headlines. The scrolling is a CSS transform
// animation (the compositor moves it; no script runs while it scrolls). It stops under a pointer, on
// keyboard focus, and while a finger is on it and for a moment after, so a headline can be tapped.
import { useEffect, useRef, useState } from 'react';
import type { Headline } from '../lib/site.ts';
import { BREAKING_LABEL } from '../../contract/articles.ts';
import { MESSAGES } from '../lib/messages.ts';
import { PageLink } from './PageLink.tsx';

export const TICKER_ITEMS = 10;
/** How long the ticker stays still after a finger leaves it. */
const TOUCH_PAUSE_MS = 4000;

export function Ticker({ headlines }: { headlines: Headline[] }) {
  const [touched, setTouched] = useState(false);
  const resume = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resume.current), []);
  const items = headlines.slice(0, TICKER_ITEMS);
  if (items.length === 0) return null;
  const hold = (e: { pointerType: string }) => {
    if (e.pointerType === 'mouse') return;
    clearTimeout(resume.current);
    setTouched(true);
  };
  const release = (e: { pointerType: string }) => {
    if (e.pointerType === 'mouse') return;
    clearTimeout(resume.current);
    resume.current = setTimeout(() => setTouched(false), TOUCH_PAUSE_MS);
  };
  return (
    <div
      className={touched ? 'ticker is-paused' : 'ticker'}
      aria-label={MESSAGES.header.ticker}
      role="region"
      onPointerDown={hold}
      onPointerUp={release}
      onPointerCancel={release}
    >
      <span className="ticker-label">{MESSAGES.header.ticker}</span>
      <div className="ticker-window">
        <ul className="ticker-track">
          {items.map((h) => (
            <li key={h.id} className={h.breaking ? 'ticker-item-breaking' : undefined}>
              {h.breaking && <span className="ticker-breaking">{BREAKING_LABEL}</span>}
              <PageLink to={`/public/articles/${h.id}`}>{h.title}</PageLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
