/**
 * Keeps Tab, Shift+Tab and stray clicks inside a modal while it is the topmost one, and gives
 * focus back, when it closes, to what had it before it opened (the cashier's code field), so the
 * next scan lands there. Put the returned ref on the element with role="dialog".
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { popTrap, pushTrap, reclaimFocus } from './focus-stack.js';

export function useFocusTrap<T extends HTMLElement = HTMLDivElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Read while rendering: by the time effects run, autoFocus has already moved focus inside.
  const [before] = useState(() => document.activeElement);

  // A layout effect: a modal opened over another must be on top before the focus it takes is judged.
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    const trap = pushTrap(container);
    return () => popTrap(trap);
  }, []);

  useEffect(() => {
    const container = ref.current;
    return () => {
      // Still in the page: React's StrictMode trying the effects twice, not a close.
      if (container?.isConnected) return;
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      reclaimFocus();
    };
  }, [before]);

  return ref;
}
