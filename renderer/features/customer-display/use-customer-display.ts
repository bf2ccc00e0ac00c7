/** Follows the sale in progress for the customer display, while the settings have one (mounted once, in the shell). */
import { useEffect } from 'react';
import { useSale } from '../sale/sale-store.js';
import { viewOnChange } from './follow-sale.js';
import { setDisplayOn, tellDisplay } from './tell.js';

export function useCustomerDisplay(enabled: boolean): void {
  useEffect(() => {
    setDisplayOn(enabled);
    if (!enabled) return;
    const stop = useSale.subscribe((next, prev) => {
      const view = viewOnChange(prev, next);
      if (view) tellDisplay(view);
    });
    return () => {
      stop();
      setDisplayOn(false);
    };
  }, [enabled]);
}
