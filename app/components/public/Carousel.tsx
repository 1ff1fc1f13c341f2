// One slide per view, 20 px apart, autoplaying and wrapping round from the last slide to the first.
// The slides are plain server HTML (the first shows without JavaScript). A slide change is a CSS
// transition of the row's `transform`, which the browser's compositor runs: the page's main thread
// does one style change per turn instead of work in every frame (docs/performance.md). Autoplay
// waits while the carousel is off screen, the tab is hidden, or the reader's finger is on it.
// Only the first slide's picture loads with the page: a lazy picture one slide to the right is
// within the browser's lazy-loading distance, so every slide near the first one used to be fetched
// at once, competing with the page's main picture (docs/performance.md). Each slide is drawn by a
// function told whether its picture may load yet.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { browserSavesData } from '../../lib/save-data.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { useShowing } from './use-showing.ts';

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
/** How far a finger must move for a swipe to change the slide. */
const SWIPE_PX = 40;

/** The row's offset for a slide (and a finger's pull): slides are 100% wide and 20 px apart. */
const position = (index: number, dx = 0) => `translate3d(calc(${-index} * (100% + 20px) + ${dx}px), 0, 0)`;

export function Carousel({ label, slides, delay, duration, className, buttons = true, counter = false }: Props) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const root = useRef<HTMLElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const [autoplay, setAutoplay] = useState(false);
  const showing = useShowing(root, autoplay);
  const [held, setHeld] = useState(false);
  // The slides whose pictures may load: the first, the next one a second before its turn, and a
  // slide's neighbours once the reader moves the carousel (a swipe shows a neighbour at once).
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set([0]));
  const load = useCallback(
    (...slides: number[]) =>
      setLoading((now) => {
        const wrapped = slides.map((i) => ((i % count) + count) % count);
        return wrapped.every((i) => now.has(i)) ? now : new Set([...now, ...wrapped]);
      }),
    [count],
  );

  const go = useCallback(
    (to: number) => {
      const next = ((to % count) + count) % count;
      setIndex(next);
      load(next);
    },
    [count, load],
  );

  // Autoplay after hydration, never for readers who ask for less motion (WCAG 2.2.2) or save data
  // (each slide shown costs a picture).
  useEffect(() => {
    if (count < 2) return;
    setAutoplay(!window.matchMedia('(prefers-reduced-motion: reduce)').matches && !browserSavesData());
  }, [count]);

  // One timer per slide shown: a button press or a swipe starts the wait again, and never stops it.
  // Nothing moves where nobody sees it: off screen, or in a hidden tab.
  // The next picture is asked for a second before its turn, so it does not arrive while it slides in
  // (and not earlier: the first seconds of a page's load belong to what is on screen).
  useEffect(() => {
    if (!autoplay || !showing || held) return;
    const fetchNext = setTimeout(() => load(index + 1), delay - 1000);
    const timer = setTimeout(() => go(index + 1), delay);
    return () => {
      clearTimeout(fetchNext);
      clearTimeout(timer);
    };
  }, [autoplay, showing, held, index, count, delay, go, load]);

  // Swipes: the row follows the finger, then settles on the next or previous slide.
  const drag = useRef<{ x: number; y: number; dx: number; id: number } | null>(null);
  const moved = useRef(false);
  const follow = (dx: number) => {
    if (row.current) row.current.style.transform = position(index, dx);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { x: e.clientX, y: e.clientY, dx: 0, id: e.pointerId };
    moved.current = false;
    setHeld(true);
    load(index - 1, index + 1);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    d.dx = e.clientX - d.x;
    if (!moved.current && Math.abs(d.dx) > 8 && Math.abs(d.dx) > Math.abs(e.clientY - d.y)) {
      moved.current = true;
      row.current?.classList.add('is-dragging');
      (e.currentTarget as Element).setPointerCapture(e.pointerId);
    }
    if (moved.current) follow(d.dx);
  };
  const onPointerEnd = () => {
    const d = drag.current;
    drag.current = null;
    setHeld(false);
    if (!d || !moved.current) return;
    row.current?.classList.remove('is-dragging');
    follow(0);
    if (Math.abs(d.dx) >= SWIPE_PX) go(index + (d.dx < 0 ? 1 : -1));
  };

  const swipe = {
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    // A swipe over a slide's link is not a tap on it.
    onClickCapture: (e: MouseEvent) => {
      if (!moved.current) return;
      e.preventDefault();
      e.stopPropagation();
      moved.current = false;
    },
  };

  return (
    <section
      ref={root}
      className={`carousel ${className ?? ''}`}
      aria-roledescription={T.carousel}
      aria-label={label}
      // Whether it moves by itself right now (for tests and for the curious).
      data-autoplay={autoplay ? (showing && !held ? 'playing' : 'waiting') : undefined}
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
      {buttons && count > 1 && (
        <div className="carousel-buttons">
          <button
            type="button"
            className="carousel-button prev"
            aria-label={T.previous}
            onClick={() => go(index - 1)}
            // A pointer on its way to a button: the picture it will show starts loading.
            onPointerEnter={() => load(index - 1)}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className="carousel-button next"
            aria-label={T.next}
            onClick={() => go(index + 1)}
            onPointerEnter={() => load(index + 1)}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
