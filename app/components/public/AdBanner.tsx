// Rotating advertisement banner: one ad at a time, each for its own
// durationInSeconds, wrapping to the first; nothing at all when there are no ads.
// Every ad sits in the same grid cell, so the banner is as tall as its tallest ad from the first
// paint and never changes height while rotating (no layout shift). The rotation waits while the
// banner is off screen or the tab is hidden. Only the shown ad's picture loads with the page (the
// others, stacked in the same cell, are on screen to the browser and were all fetched at once,
// beside the page's main picture); the next one is asked for a second before its turn.
import { useEffect, useRef, useState } from 'react';
import type { Ad } from '../../../contract/ads.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { useShowing } from './use-showing.ts';

export function AdBanner({ ads, className }: { ads: Ad[]; className?: string }) {
  const [current, setCurrent] = useState(0);
  const count = ads.length;
  const index = count ? current % count : 0;
  const seconds = ads[index]?.durationInSeconds ?? 0;
  const banner = useRef<HTMLElement>(null);
  const showing = useShowing(banner, count > 1);
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));

  useEffect(() => {
    if (count < 2 || !showing) return;
    const wait = Math.max(1, seconds) * 1000;
    const next = (index + 1) % count;
    const fetchNext = setTimeout(
      () => setFetched((now) => (now.has(next) ? now : new Set([...now, next]))),
      Math.max(0, wait - 1000),
    );
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), wait);
    return () => {
      clearTimeout(fetchNext);
      clearTimeout(timer);
    };
  }, [current, index, count, seconds, showing]);

  if (count === 0) return null;
  return (
    <aside ref={banner} className={`ad-banner ${className ?? ''}`} aria-label={MESSAGES.ads.label}>
      {ads.map((ad, i) => {
        const shown = i === index;
        // An ad not yet asked for is an empty slot (its size comes from the slot's own style): an
        // <img> without src is invalid HTML.
        const picture = fetched.has(i) && (
          <img
            src={ad.imageUrl}
            width={ad.width}
            height={ad.height}
            alt={MESSAGES.ads.label}
            // Lazy even at the top of the page: an eager ad is preloaded by React and competes
            // with the page's LCP image (the first carousel picture) for the phone's bandwidth.
            loading="lazy"
            decoding="async"
          />
        );
        return (
          <div
            key={ad.id}
            className={`ad-slot${shown ? ' is-current' : ''}`}
            data-ad-id={ad.id}
            aria-hidden={!shown}
            style={{ aspectRatio: `${ad.width} / ${ad.height}`, width: `min(100%, ${ad.width}px)` }}
          >
            {picture && ad.link ? (
              <a href={ad.link} target="_blank" rel="noopener noreferrer sponsored" tabIndex={shown ? undefined : -1}>
                {picture}
              </a>
            ) : (
              picture
            )}
          </div>
        );
      })}
    </aside>
  );
}
