/**
 * The sale screen's keyboard map: the keys that work wherever the focus is (F12 pay, the stamps
 * key, Ctrl+Delete cancel, the Ctrl shortcuts, the quick keys), while no dialog is open — a dialog
 * owns the keyboard while it is up. What each key does is the screen's (handlers); the map is here.
 */
import { useEffect, useRef } from 'react';
import { ctrlShortcut, KEYS, quickKeyOf } from './keys.js';
import { useSale } from './sale-store.js';

export interface SaleKeyHandlers {
  readonly pay: () => void;
  readonly openStamps: () => void;
  readonly openManual: () => void;
  readonly openCancel: () => void;
  readonly openSearch: () => void;
  readonly openParked: () => void;
  readonly park: () => void;
  /** A quick key's code, rung up as if typed. */
  readonly scanQuick: (code: string) => void;
  readonly quickKeys: readonly { readonly code: string }[];
}

export function useSaleKeys(active: boolean, handlers: SaleKeyHandlers): void {
  // The latest handlers, read at the key press: the listener is not re-added on every render.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      const h = latest.current;
      const ctrl = ctrlShortcut(e);
      const quick = quickKeyOf(e);
      if (e.key === KEYS.pay.key) {
        e.preventDefault();
        h.pay();
      } else if (e.key === KEYS.stamps.key) {
        e.preventDefault();
        h.openStamps();
      } else if (e.key === 'Delete' && e.ctrlKey) {
        e.preventDefault();
        if (useSale.getState().lines.length > 0) h.openCancel();
      } else if (ctrl) {
        e.preventDefault();
        if (ctrl === 'search') h.openSearch();
        else if (ctrl === 'park') h.park();
        else if (ctrl === 'recall') h.openParked();
        else h.openManual();
      } else if (quick !== undefined) {
        const slot = h.quickKeys[quick - 1];
        if (!slot || slot.code === '') return;
        e.preventDefault();
        h.scanQuick(slot.code);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
