/**
 * A barcode scanned while another screen is open is not lost: when the focus is on no field (a
 * field is the screen's own: the debt screen's card field takes a card), a fast burst of
 * characters ending in Enter is taken as a scan, the sale screen opens and takes it.
 */
import { useEffect } from 'react';
import { usCharacter } from '../features/sale/keyboard-layout.js';
import { EntryTimer } from '../features/sale/scanner.js';
import { useUi } from '../state/ui-store.js';

const isField = (el: Element | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || el.closest('input, textarea, select') !== null);

export function useGlobalScan(): void {
  useEffect(() => {
    const timer = new EntryTimer();
    let text = '';
    const onKey = (e: KeyboardEvent) => {
      const ui = useUi.getState();
      if (ui.screen === 'sale' || isField(e.target as Element | null) || e.ctrlKey || e.altKey || e.metaKey) {
        timer.reset();
        text = '';
        return;
      }
      if (e.key.length === 1) {
        timer.key(e.key, e.timeStamp, false, usCharacter(e.code, e.shiftKey));
        text += e.key;
        return;
      }
      if (e.key !== 'Enter') {
        timer.reset();
        text = '';
        return;
      }
      const { kind, text: meant } = timer.finish(e.timeStamp, text);
      const scanned = meant.trim();
      text = '';
      if (kind !== 'scan' || scanned === '') return;
      e.preventDefault();
      ui.handOver(scanned);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
