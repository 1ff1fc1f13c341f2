// One slide per view, looping, autoplaying carousel on Embla. The slides are
// plain server HTML (the first one shows without JavaScript); Embla and Autoplay are fetched after
// hydration and attach to that HTML, so they never delay the first paint or hydration.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { browserSavesData } from '../../lib/save-data.ts';

type Props = {
  label: string;
  slides: ReactNode[];
  /** Milliseconds between slides. */
  delay: number;
  /**
   * Embla's `duration` is not milliseconds: it drives a spring stepped 60 times a second
   * (friction 0.68). Simulating it over one slide's width (388–1176 px): 20 settles in about
   * 600–670 ms, 22 in about 770–870 ms.
   */
  duration: number;
  className?: string;
  /** Previous and next buttons (docs/product.md: the home carousel has them). */
  buttons?: boolean;
};

export function Carousel({ label, slides, delay, duration, className, buttons = true }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const count = slides.length;
  useEffect(() => {
    if (count < 2 || !viewport.current) return;
    const node = viewport.current;
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(([core, autoplay]) => {
      if (cancelled) return;
      // Autoplay keeps going after the reader swipes or clicks (stopOnInteraction: false), except
      // for readers whose phone asks for less motion: they move the slides themselves (WCAG 2.2.2).
      // With Save-Data nothing moves by itself either: each slide shown costs a picture.
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches || browserSavesData();
      const plugins = still ? [] : [autoplay.default({ delay, stopOnInteraction: false })];
      api = core.default(node, { loop: true, duration, align: 'start' }, plugins);
      setEmbla(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
    };
  }, [count, delay, duration]);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section className={`carousel ${className ?? ''}`} aria-roledescription="carousel" aria-label={label}>
      <div className="carousel-viewport" ref={viewport}>
        <div className="carousel-container">
          {slides.map((slide, i) => (
            <div
              key={i}
              className={`carousel-slide${i === selected ? ' is-selected' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {buttons && slides.length > 1 && (
        <div className="carousel-buttons">
          <button type="button" className="carousel-button prev" aria-label="Previous slide" onClick={previous}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
            </svg>
          </button>
          <button type="button" className="carousel-button next" aria-label="Next slide" onClick={next}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
