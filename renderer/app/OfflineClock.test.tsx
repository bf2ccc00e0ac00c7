// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { initI18n } from '../i18n/i18n.js';
import { useUi } from '../state/ui-store.js';
import { OfflineClock } from './OfflineClock.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const ONLINE = {
  kasm: '1',
  numprro: '4000211451',
  shift_id: '7',
  register_mode: 'online',
  offline_since: null,
  offline_hours: '0.0',
  offline_session_limit: '36',
  offline_month_hours: '0.0',
  offline_month_limit: '168',
  offline_warning: '',
  offline_exhausted: '',
};
let row: Record<string, unknown> = ONLINE;
const read = vi.fn(async (method: string) => ({ method, result: { ...RESULT, rows: [row] }, stale: false, fetchedAt: '' }));
const api = {
  read,
  settingsGet: async () => ({ till: { kasm: 1, akas: 'KAS1', numprro: '' }, language: 'uk', timeZone: 'Europe/Kyiv' }),
  onEvent: () => () => {},
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <span data-testid="bar">
        <OfflineClock />
      </span>
    </QueryClientProvider>,
  );

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

describe('the offline clock in the status bar', () => {
  it('is not there while the register reaches the tax server', async () => {
    row = ONLINE;
    show();
    await waitFor(() => expect(read).toHaveBeenCalledWith('pos.shift_state', { kasm: 1 }));
    expect(screen.getByTestId('bar').textContent).toBe('');
  });

  it('warns as an alert before the limit, and opens the shift screen', async () => {
    row = {
      ...ONLINE,
      register_mode: 'offline',
      offline_since: '2025-03-14T08:00:00+02:00',
      offline_hours: '30.0',
      offline_warning: 'session',
    };
    show();
    const clock = await screen.findByTestId('offline-clock');
    expect(clock.dataset.state).toBe('warning');
    expect(clock.closest('[role="alert"]')).not.toBeNull();
    expect(clock.textContent).toBe(
      "Каса працює без зв'язку з податковою 30 год з 36: відновіть зв'язок, інакше через 6 год продаж зупиниться",
    );
    fireEvent.click(clock);
    expect(useUi.getState().screen).toBe('shift');
  });

  it('says selling has stopped once the limit is reached', async () => {
    row = {
      ...ONLINE,
      register_mode: 'offline',
      offline_hours: '36.0',
      offline_warning: 'session',
      offline_exhausted: 'session',
    };
    show();
    const clock = await screen.findByTestId('offline-clock');
    expect(clock.dataset.state).toBe('exhausted');
    expect(clock.textContent).toMatch(/^Продаж зупинено/);
  });
});
