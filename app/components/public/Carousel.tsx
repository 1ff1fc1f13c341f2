// One slide per view, 20 px apart, autoplaying and wrapping round from the last slide to the first.
// The slides are plain server HTML (the first shows without JavaScript). A slide change is a CSS
// transition of the row's `transform`, which the browser's compositor runs: the page's main thread
// does one style change per turn instead of work in every frame (docs/performance.md). Autoplay
// waits while the carousel is off screen, the tab is hidden, or the reader's finger is on it.
// Only the first slide's picture loads with the page: a lazy picture one slide to the right is
// within the browser's lazy-loading distance, so every slide near the first one used to be fetched
// at once, competing with the page's main picture (docs/performance.md). Each slide is drawn by a
// function told whether its picture may load yet.
// The motion (which slide, autoplay, swipes) is ./carousel-motion.ts; this file draws it.
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { position, useCarouselMotion } from './carousel-motion.ts';

/** Draws a slide; `load` says whether its picture may be fetched yet (the first one's always). */
export type Slide = (load: boolean) => ReactNode;

type Props = {
  label: string;
  slides: Slide[];
  /** Milliseconds between slides. */
  delay: number;
  /** Milliseconds a slide change takes. */
  duration: number;
  className?: string;
  /** Previous and next buttons (docs/product.md: the home carousel has them). */
  buttons?: boolean;
  /** A '1/3' counter over the slides. */
  counter?: boolean;
};

const T = MESSAGES.carousel;

export function Carousel({ label, slides, delay, duration, className, buttons = true, counter = false }: Props) {
  const count = slides.length;
  const root = useRef<HTMLElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const { index, go, load, loading, state, swipe } = useCarouselMotion(count, delay, root, row);
  return (
    <section
      ref={root}
      className={`carousel ${className ?? ''}`}
      aria-roledescription={T.carousel}
      aria-label={label}
      data-autoplay={state}
      style={{ '--carousel-duration': `${duration}ms` } as CSSProperties}
    >
      <div className="carousel-viewport" {...swipe}>
        <div ref={row} className="carousel-container" style={{ transform: position(index) }}>
          {slides.map((slide, i) => (
            <div
              key={i}
              className={`carousel-slide${i === index ? ' is-selected' : ''}`}
              role="group"
              aria-roledescription={T.slide}
              aria-label={`${i + 1} / ${count}`}
            >
              {slide(loading.has(i))}
            </div>
          ))}
        </div>
      </div>
      {counter && count > 1 && (
        <p className="carousel-counter" aria-hidden="true">
          {index + 1}/{count}
        </p>
      )}
      {buttons && count > 1 && <CarouselButtons onMove={(step) => go(index + step)} onApproach={(step) => load(index + step)} />}
    </section>
  );
}

/** Previous and next: a pointer on its way to one starts loading the picture it will show. */
function CarouselButtons({ onMove, onApproach }: { onMove(step: number): void; onApproach(step: number): void }) {
  return (
    <div className="carousel-buttons">
      <button
        type="button"
        className="carousel-button prev"
        aria-label={T.previous}
        onClick={() => onMove(-1)}
        onPointerEnter={() => onApproach(-1)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <button
        type="button"
        className="carousel-button next"
        aria-label={T.next}
        onClick={() => onMove(1)}
        onPointerEnter={() => onApproach(1)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
