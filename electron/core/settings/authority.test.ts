import { describe, expect, it } from 'vitest';
import { DEFAULT_TERMINAL } from '../../../shared/bridge/api.js';
import { authorityOf, settingsRefusal } from './authority.js';

const TILL = { kasm: 1, akas: 'KAS1', numprro: '' };
const CASHIER = { id: 3, name: 'Коваль Ірина', role: 'cashier' } as const;
const MANAGER = { id: 2, name: 'Бондар Петро', role: 'manager' } as const;

describe('who may set up the customer display', () => {
  it('a manager only, as the till’s other devices; a cashier and a locked till are refused', () => {
    const need = authorityOf({ customerDisplay: { enabled: true } }, TILL, DEFAULT_TERMINAL);
    expect(need).toBe('manager');
    expect(settingsRefusal(need, CASHIER, false)?.code).toBe('NOT_A_MANAGER');
    expect(settingsRefusal(need, null, false)?.code).toBe('NOT_A_MANAGER');
    expect(settingsRefusal(need, MANAGER, false)).toBeUndefined();
    // A fresh till, at whose service nobody signed in yet, is set up without one.
    expect(settingsRefusal(need, null, true)).toBeUndefined();
  });
});
