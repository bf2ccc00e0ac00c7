/**
 * Scans that arrived while the age question was open (or opening): the customer's next goods,
 * held and rung up after the answer, in order (issue 20: they were dropped). A held scan that
 * asks a question of its own leaves the rest held behind it.
 */
import { type RefObject, useCallback, useRef } from 'react';
import type { ScanResult } from '../actions/types.js';
import type { SaleActions } from '../sale-actions.js';

export function useHeldScans(input: RefObject<HTMLInputElement | null>, actions: SaleActions, follow: (r: ScanResult) => void) {
  const held = useRef<string[]>([]);
  const takeScanStart = useCallback(() => {
    const field = input.current;
    const start = field?.value ?? '';
    if (field) field.value = '';
    return start;
  }, [input]);
  const ringHeld = useCallback(async () => {
    for (let code = held.current.shift(); code !== undefined; code = held.current.shift()) {
      const result = await actions.scan(code, 'scan');
      follow(result);
      if (result.kind === 'age' || result.kind === 'weigh' || (result.kind === 'line' && result.needsStamps)) return;
    }
  }, [actions, follow]);
  return { held, takeScanStart, ringHeld };
}
