import { useCallback, useState } from 'react';

/**
 * Whether at least `share` (0–1) of an element has been on screen, once: a ref callback for the element and the
 * flag, which stays true once set. Heavy parts below the fold (the home's chart, issue 16 §2) render when they are
 * scrolled to, not in the page's first seconds. Without IntersectionObserver (jsdom) the element counts as seen.
 */
export function useSeen<T extends Element>(share = 0): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= share)) {
            observer.disconnect();
            setSeen(true);
          }
        },
        { threshold: share },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen, share],
  );
  return [ref, seen];
}
