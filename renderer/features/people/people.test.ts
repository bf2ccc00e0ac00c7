import { describe, expect, it } from 'vitest';
import { confirmWithManager, useManagerConfirm } from './manager-confirm.js';
import { isPin, pinAnswer } from './pin-answer.js';

describe('a PIN check answer', () => {
  it('is words for a wrong PIN and a lockout, the row for a success, and a fault for anything else', () => {
    expect(pinAnswer({ outcome: 'wrong_pin', attempts_left: '3' })).toEqual({ kind: 'wrongPin', attemptsLeft: 3 });
    expect(pinAnswer({ outcome: 'locked', locked_until: '2025-03-14T12:05:00+02:00' })).toEqual({
      kind: 'locked',
      until: '2025-03-14T12:05:00+02:00',
    });
    expect(pinAnswer({ outcome: 'signed_in', user_id: '3' })).toMatchObject({ kind: 'ok', row: { user_id: '3' } });
    expect(() => pinAnswer({ outcome: 'maybe' })).toThrow(/maybe/);
    expect(() => pinAnswer(undefined)).toThrow();
  });

  it('takes 4 to 12 digits as a PIN and nothing else', () => {
    expect(['1234', '123456789012'].map(isPin)).toEqual([true, true]);
    expect(['123', '1234567890123', '12a4', ' 1234', ''].map(isPin)).toEqual([false, false, false, false, false]);
  });
});

describe("asking a manager's confirmation", () => {
  it('waits for the dialog: the confirmation when given, null when the cashier gives up', async () => {
    const given = confirmWithManager('cash_withdrawal', '200.00 ₴: Інкасація');
    expect(useManagerConfirm.getState().request).toMatchObject({ action: 'cash_withdrawal', subject: '200.00 ₴: Інкасація' });
    useManagerConfirm.getState().finish({ id: 12, manager: 'Мельник Андрій Петрович' });
    await expect(given).resolves.toEqual({ id: 12, manager: 'Мельник Андрій Петрович' });
    expect(useManagerConfirm.getState().request).toBeNull();
    const refused = confirmWithManager('return', '№ 5: 1200.00 ₴');
    useManagerConfirm.getState().finish(null);
    await expect(refused).resolves.toBeNull();
  });

  it('answers an open question with no when a second one is asked, so one dialog is open at a time', async () => {
    const first = confirmWithManager('prro_change', '17: requeue');
    const second = confirmWithManager('prro_change', '18: requeue');
    await expect(first).resolves.toBeNull();
    expect(useManagerConfirm.getState().request?.subject).toBe('18: requeue');
    useManagerConfirm.getState().finish({ id: 1, manager: 'M' });
    await expect(second).resolves.toEqual({ id: 1, manager: 'M' });
  });
});
