// Whether a part of the page can be seen: on screen (IntersectionObserver) and in a visible tab.
// What moves by itself (carousels, ad rotation) waits while it cannot, so an idle reader's phone
// does no work for nothing (docs/performance.md).
import { useEffect, useState, type RefObject } from 'react';

export function useShowing(ref: RefObject<Element | null>, active = true): boolean {
  const [onScreen, setOnScreen] = useState(true);
  const [visibleTab, setVisibleTab] = useState(true);
  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const onVisibility = () => setVisibleTab(document.visibilityState === 'visible');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    const observer =
      typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(([e]) => setOnScreen(e.isIntersecting));
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ref, active]);
  return onScreen && visibleTab;
}
