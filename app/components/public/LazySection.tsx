// A homepage section drawn once a tenth of it is visible, with its loading
// text holding the space until then.
// The server's HTML always carries the content: readers without JavaScript and crawlers get it,
// and a section already on screen at first paint does not pop in and push the page down (CLS).
// The deferral applies when the page is drawn in the browser (a client-side navigation).
import { useEffect, useRef, useState, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** The loading text of docs/product.md ('Loading videos...'). */
  loadingText: string;
  /** Space held until drawn, close to the drawn height so nothing below jumps. */
  minHeight: number;
  className?: string;
  label: string;
};

/** False on the server and while its HTML is hydrated; root.tsx marks <html> once hydrated. */
const pageHydrated = () => typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';

export function LazySection({ children, loadingText, minHeight, className, label }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(() => !pageHydrated());

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <section
      ref={ref}
      className={`lazy-section ${className ?? ''}`}
      aria-label={label}
      style={visible ? undefined : { minHeight }}
    >
      {visible ? children : <p className="section-loading">{loadingText}</p>}
    </section>
  );
}
