// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { AppStatus, CashdeskApi } from '../../shared/bridge/api.js';
import { initI18n } from '../i18n/i18n.js';
import { createQueryClient } from '../rpc/query-client.js';
import { StatusBar } from './StatusBar.js';

let storageFault: string | null = null;
const bridge = {
  status: vi.fn(
    async (): Promise<Partial<AppStatus>> => ({
      connection: 'online',
      queue: { queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
      catalog: { syncedAt: new Date().toISOString(), goods: 1, cards: 0 },
      cashier: null,
      storageFault,
    }),
  ),
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StatusBar />
    </QueryClientProvider>,
  );

it('says so while the till’s disk refuses to store, and nothing when it stores', async () => {
  storageFault = '2026-11-24T10:00:00.000Z';
  show();
  expect((await screen.findByTestId('storage-fault')).textContent).toBe(
    'Диск каси заповнений або несправний: нові записи не зберігаються. Покличте менеджера.',
  );
  cleanup();
  storageFault = null;
  show();
  await screen.findByTestId('catalog-age');
  expect(screen.queryByTestId('storage-fault')).toBeNull();
});
