// @vitest-environment happy-dom
/** Issue 20: the sale screen said that no shift was open only at the payment. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { useUi } from '../../state/ui-store.js';
import { installBridge, keyBridge } from '../prro-keys/key-bridge.testing.js';
import { NoShiftNotice } from './NoShiftNotice.js';

const bridge = keyBridge();
beforeAll(() => {
  initI18n('uk');
  installBridge(bridge);
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NoShiftNotice />
    </QueryClientProvider>,
  );

it('says at once that no shift is open, and opens the shift screen', async () => {
  bridge.shift = { kasm: '1', numprro: '4000211451', shift_id: '', shift_hours: '0.0', shift_max_hours: '24' };
  show();
  const notice = await screen.findByTestId('no-shift');
  expect(notice.dataset.kind).toBe('closed');
  expect(notice.textContent).toContain('Зміну не відкрито: чек не закриється.');
  screen.getByTestId('no-shift-open').click();
  expect(useUi.getState().screen).toBe('shift');
});

it('says a shift past its hours, and nothing of one within them', async () => {
  bridge.shift = { kasm: '1', numprro: '4000211451', shift_id: '7', shift_hours: '24.3', shift_max_hours: '24' };
  show();
  expect((await screen.findByTestId('no-shift')).dataset.kind).toBe('overdue');
  cleanup();
  bridge.shift = { kasm: '1', numprro: '4000211451', shift_id: '7', shift_hours: '3.0', shift_max_hours: '24' };
  show();
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByTestId('no-shift')).toBeNull();
});
