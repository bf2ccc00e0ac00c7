/**
 * F1..F10 (and Shift+F1) switch screens from anywhere; the browser's own meaning of those keys
 * (help, reload) is suppressed.
 */
import { useEffect } from 'react';
import { useUi } from '../state/ui-store.js';
import { screenOfKey } from './screens.js';

export function useScreenKeys(): void {
  const show = useUi((s) => s.show);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const screen = screenOfKey(e);
      if (!screen) return;
      e.preventDefault();
      show(screen.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}
