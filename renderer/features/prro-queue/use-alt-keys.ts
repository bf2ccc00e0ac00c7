/** Calls `on` for this screen's Alt shortcuts while the component is mounted. */
import { useEffect, useRef } from 'react';
import { type AltAction, altShortcut } from './keys.js';

export type AltKey = { readonly action: AltAction } | { readonly sort: number };

/** `on` returns true when it took the key (its default is then suppressed). */
export function useAltKeys(on: (key: AltKey) => boolean): void {
  const latest = useRef(on);
  latest.current = on;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = altShortcut(e);
      if (key && latest.current(key)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
