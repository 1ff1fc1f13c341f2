// How the carousel moves (./Carousel.tsx draws it): which slide is shown, which pictures may load,
// autoplay and its pauses, and swipes. The slide change itself is the row's CSS transition; a swipe
// sets the row's transform directly while the finger is down.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { browserSavesData } from '../../lib/save-data.ts';
import { useShowing } from './use-showing.ts';

/** How far a finger must move for a swipe to change the slide. */
const SWIPE_PX = 40;

/** The row's offset for a slide (and a finger's pull): each slide is the row's full width, 20 px apart. */
export const position = (index: number, dx = 0) => `translate3d(calc(${-index} * (100% + 20px) + ${dx}px), 0, 0)`;

/**
 * The slides whose pictures may load: the first, the next one a second before its turn, and a
 * slide's neighbours once the reader moves the carousel (a swipe shows a neighbour at once).
 */
function useSlideLoading(count: number) {
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set([0]));
  const load = useCallback(
    (...slides: number[]) =>
      setLoading((now) => {
        const wrapped = slides.map((i) => ((i % count) + count) % count);
        return wrapped.every((i) => now.has(i)) ? now : new Set([...now, ...wrapped]);
      }),
    [count],
  );
  return { loading, load };
}

/** The carousel's motion: the slide shown, `go` to another (wrapping round), autoplay and swipes. */
export function useCarouselMotion(
  count: number,
  delay: number,
  root: RefObject<HTMLElement | null>,
  row: RefObject<HTMLDivElement | null>,
) {
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(false);
  const showing = useShowing(root, autoplay);
  const [held, setHeld] = useState(false);
  const { loading, load } = useSlideLoading(count);

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

  const swipe = useSwipe({ count, index, row, go, load, setHeld });
  /** Whether it moves by itself right now (for tests and for the curious). */
  const state = autoplay ? (showing && !held ? 'playing' : 'waiting') : undefined;
  return { index, go, load, loading, state, swipe };
}

/** Swipes: the row follows the finger, then settles on the next or previous slide. */
function useSwipe({
  count,
  index,
  row,
  go,
  load,
  setHeld,
}: {
  count: number;
  index: number;
  row: RefObject<HTMLDivElement | null>;
  go(to: number): void;
  load(...slides: number[]): void;
  setHeld(held: boolean): void;
}) {
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
  return {
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
}
