/**
 * The keys the code field itself answers (the rest pass to the screen's map, use-sale-keys.ts):
 * ↑ ↓ choose a line, an empty Enter says how to pay (it never pays), Delete asks to remove the
 * line, `*` asks its quantity or, after a number ("3*"), sets it at once.
 */
import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';
import type { Dec } from '../../../money/money.js';
import { KEYS } from '../keys.js';
import { useNotice } from '../notice-store.js';
import { maxQuantity, parseQuantity } from '../sale-lines.js';
import { useSale } from '../sale-store.js';
import type { Open } from './open.js';

export interface FieldKeyDeps {
  readonly t: TFunction<'sale'>;
  readonly setOpen: (open: Open) => void;
  readonly changeQuantity: (code: string, quantity: Dec) => void;
}

/** Whether the field's key was taken here (true), or is the field's own to type (false). */
export const fieldKeys =
  ({ t, setOpen, changeQuantity }: FieldKeyDeps) =>
  (e: KeyboardEvent<HTMLInputElement>, text: string): boolean => {
    const sale = useSale.getState();
    const line = sale.lines[sale.selected];
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown':
        sale.move(e.key === 'ArrowUp' ? -1 : 1);
        return true;
      case 'Enter':
        if (text.trim() !== '') return false;
        // Never a payment: a scanner's extra Enter, or two of a habit, closed a card purchase as
        // cash (issue 20). Paying is F12 (cash) or F2 (card, mixed); the empty Enter says so.
        if (useSale.getState().lines.length > 0) useNotice.getState().say({ tone: 'info', key: 'payKeys' });
        return true;
      case KEYS.remove.key:
        if (e.ctrlKey || text !== '' || !line) return false;
        setOpen({ kind: 'remove', code: line.code });
        return true;
      case KEYS.quantity.key: {
        if (!line) return true;
        // "3*" sets the selected line to 3 at once; a bare "*" asks; a wrong one is said, nothing changes.
        if (text.trim() === '') {
          setOpen({ kind: 'quantity', code: line.code });
          return true;
        }
        const typed = parseQuantity(text, line.weighted, line.excise);
        e.currentTarget.value = '';
        if ('quantity' in typed) changeQuantity(line.code, typed.quantity);
        else {
          const max = maxQuantity(line.weighted, line.excise).toFixed();
          const problem = t(`quantity.${typed.problem}`, { max, unit: line.unit });
          useNotice.getState().say({ tone: 'error', key: 'quantity.typed', values: { text: text.trim(), problem } });
        }
        return true;
      }
      default:
        return false;
    }
  };
