/** Whether a CSS media query holds now, re-rendering as it comes to hold or stops (a window resized). */
import { useSyncExternalStore } from 'react';

/** The width below which the till lays out for a 1024 px screen (app.css uses the same). */
export const NARROW_SCREEN = '(max-width: 1279px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
  );
}
