// @vitest-environment happy-dom
/** The register's key at the shift's opening (features/prro-keys, ShiftKeyStep). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { useUi } from '../../state/ui-store.js';
import { ManagerConfirmDialog } from '../people/ManagerConfirmDialog.js';
import { useManagerConfirm } from '../people/manager-confirm.js';
import { installBridge, keyBridge, refusal } from '../prro-keys/key-bridge.testing.js';
import { keyRow, noKey } from '../prro-keys/key-row.testing.js';
import { ShiftScreen } from './ShiftScreen.js';
import { useShiftStore } from './shift-store.js';

const CLOSED = {
  kasm: '1',
  numprro: '4000211451',
  shift_id: '',
  cashier: '',
  opened_at: null,
  shift_hours: '0.0',
  shift_max_hours: '24',
  receipts: '0',
  cash_balance: '0.00',
  unsent_docs: '0',
  register_mode: 'online',
  offline_since: null,
  offline_hours: '0.0',
  offline_session_limit: '36',
  offline_month_hours: '0.0',
  offline_month_limit: '168',
  offline_warning: '',
  offline_exhausted: '',
};

const bridge = keyBridge();
const PASSWORD = 'Ключ-2025';
const LOCKED = keyRow({ unlocked: '0' });

beforeAll(() => {
  initI18n('uk');
  installBridge(bridge);
});
beforeEach(() => {
  bridge.role = 'manager';
  bridge.shift = CLOSED;
  useShiftStore.setState({ panel: null, counts: {}, lastZ: null, returnToSale: false });
  useUi.setState({ screen: 'shift' });
  useManagerConfirm.setState({ request: null });
});
afterEach(() => {
  cleanup();
  for (const fn of [bridge.read, bridge.unlockKey, bridge.confirmManager, bridge.write]) fn.mockClear();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShiftScreen />
      <ManagerConfirmDialog />
    </QueryClientProvider>,
  );
}

/** Enter on the float (none), then the blue button of "open the shift?". */
async function askToOpen() {
  await screen.findByTestId('shift-signed-in');
  fireEvent.keyDown(screen.getByTestId('shift-float'), { key: 'Enter' });
  await act(async () => fireEvent.click(screen.getByTestId('confirm')));
}

const shiftOpens = () => bridge.write.mock.calls.filter((c) => c[0] === 'pos.shift_open');
const typePassword = (value: string) => fireEvent.change(screen.getByTestId('key-unlock-password'), { target: { value } });

describe('opening a shift with the key locked', () => {
  beforeEach(() => {
    bridge.rows = [LOCKED];
  });

  it('asks for the password and unlocks before the shift opens; a wrong one keeps the dialog open', async () => {
    show();
    expect((await screen.findByTestId('shift-key-note')).dataset.key).toBe('locked');
    await askToOpen();
    const dialog = await screen.findByTestId('key-unlock');
    expect(dialog.getAttribute('aria-label')).toBe('Пароль ключа КЕП для зміни: каса 1');
    expect(shiftOpens()).toEqual([]);

    bridge.unlockKey.mockRejectedValueOnce(refusal('key.password'));
    typePassword('wrong');
    fireEvent.click(screen.getByTestId('key-unlock-submit'));
    expect((await screen.findByTestId('key-unlock-error')).textContent).toContain('Пароль не підходить');
    expect(screen.getByTestId('key-unlock')).toBeTruthy();
    expect((screen.getByTestId('key-unlock-password') as HTMLInputElement).value).toBe('');
    expect(shiftOpens()).toEqual([]);

    typePassword(PASSWORD);
    fireEvent.click(screen.getByTestId('key-unlock-submit'));
    await waitFor(() => expect(shiftOpens()).toHaveLength(1));
    expect(screen.queryByTestId('key-unlock')).toBeNull();
    expect(bridge.unlockKey.mock.calls.at(-1)).toEqual([{ kasm: 1, password: PASSWORD }, {}]);
    // Unlocked first, then opened.
    const unlockedAt = bridge.unlockKey.mock.invocationCallOrder.at(-1) ?? 0;
    const openedAt = bridge.write.mock.invocationCallOrder.at(-1) ?? 0;
    expect(unlockedAt).toBeLessThan(openedAt);
    expect(shiftOpens()[0]?.[1]).toEqual({ kasm: 1, cashier: 3, float: '0.00' });
  });

  it("asks a cashier's manager to confirm, over the dialog, and unlocks with that confirmation", async () => {
    bridge.role = 'cashier';
    show();
    await screen.findByTestId('shift-key-note');
    await askToOpen();
    await screen.findByTestId('key-unlock');
    typePassword(PASSWORD);
    fireEvent.click(screen.getByTestId('key-unlock-submit'));
    expect((await screen.findByTestId('manager-confirm')).dataset.action).toBe('key_unlock');
    fireEvent.change(screen.getByTestId('manager-card'), { target: { value: '1002' } });
    fireEvent.change(screen.getByTestId('manager-pin'), { target: { value: '2002' } });
    fireEvent.click(screen.getByTestId('manager-ok'));
    await waitFor(() => expect(shiftOpens()).toHaveLength(1));
    expect(bridge.unlockKey).toHaveBeenCalledWith({ kasm: 1, password: PASSWORD }, { confirmation: 77 });
  });

  it('can still open the shift without unlocking, its documents then waiting; or go back and open nothing', async () => {
    show();
    await screen.findByTestId('shift-key-note');
    await askToOpen();
    const dialog = await screen.findByTestId('key-unlock');
    // Three buttons in a row of a wider dialog: the way around it apart at the left, then back, then Enter's.
    expect(dialog.classList.contains('wide')).toBe(true);
    expect([...dialog.querySelectorAll('.dialog-actions button')].map((b) => (b as HTMLElement).dataset.testid)).toEqual([
      'key-unlock-without',
      'key-unlock-cancel',
      'key-unlock-submit',
    ]);
    fireEvent.click(screen.getByTestId('key-unlock-cancel'));
    expect(screen.queryByTestId('key-unlock')).toBeNull();
    expect(shiftOpens()).toEqual([]);
    await askToOpen();
    expect((await screen.findByTestId('key-unlock')).textContent).toContain('чекатимуть на підпис');
    await act(async () => fireEvent.click(screen.getByTestId('key-unlock-without')));
    expect(shiftOpens()).toHaveLength(1);
    expect(bridge.unlockKey).not.toHaveBeenCalled();
  });
});

describe('opening a shift with the key otherwise', () => {
  it('warns when no key is loaded and the tax server is the real one, and opens all the same', async () => {
    bridge.rows = [noKey()];
    show();
    const note = await screen.findByTestId('shift-key-note');
    expect(note.dataset.key).toBe('missing');
    expect(note.textContent).toContain('документи зміни чекатимуть на підпис');
    expect(note.textContent).toContain('Зміну відкрити можна.');
    await askToOpen();
    expect(shiftOpens()).toHaveLength(1);
    expect(screen.queryByTestId('key-unlock')).toBeNull();
  });

  it('asks nothing when the key is unlocked already or signs unattended, or on the simulator without one', async () => {
    for (const row of [keyRow(), keyRow({ unlocked: '0', unattended: '1' }), noKey({ server: 'simulator' })]) {
      bridge.rows = [row];
      bridge.write.mockClear();
      show();
      await waitFor(() => expect(bridge.read).toHaveBeenCalledWith('pos.prro_key_state', { kasm: 1 }));
      await askToOpen();
      expect(shiftOpens()).toHaveLength(1);
      expect(screen.queryByTestId('key-unlock')).toBeNull();
      expect(screen.queryByTestId('shift-key-note')).toBeNull();
      cleanup();
    }
  });
});
