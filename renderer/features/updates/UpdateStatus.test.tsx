// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, SignedIn, UpdateState } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { UpdateStatus } from './UpdateStatus.js';

const updateInstall = vi.fn(async () => ({ state: 'ready', version: '0.2.0', reason: null }) as UpdateState);
const manager: SignedIn = { id: 2, name: 'Мельник Андрій Петрович', role: 'manager' } as SignedIn;
const cashier: SignedIn = { id: 3, name: 'Шевчук Оксана Василівна', role: 'cashier' } as SignedIn;

function show(update: UpdateState, who: SignedIn | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UpdateStatus update={update} cashier={who} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: { updateInstall, onEvent: () => () => {} } as unknown as CashdeskApi });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the update in the status bar', () => {
  it('says a downloaded update waits for the shift’s end, and offers nothing to click', () => {
    show({ state: 'ready', version: '0.2.0', reason: 'shift_open' }, manager);
    expect(screen.getByTestId('update-state').textContent).toBe('Оновлення 0.2.0: після закриття зміни');
    expect(screen.getByTestId('update-state').tagName).toBe('SPAN');
  });

  it('lets a manager install it between shifts, and not a cashier', async () => {
    show({ state: 'ready', version: '0.2.0', reason: null }, cashier);
    expect((screen.getByTestId('update-state') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    show({ state: 'ready', version: '0.2.0', reason: null }, manager);
    fireEvent.click(screen.getByTestId('update-state'));
    await waitFor(() => expect(updateInstall).toHaveBeenCalledTimes(1));
  });

  it('shows nothing while nothing is downloaded', () => {
    show({ state: 'waiting', version: null, reason: 'shift_open' }, manager);
    expect(screen.queryByTestId('update-state')).toBeNull();
  });
});
