// @vitest-environment happy-dom
/**
 * Issue 20, item 1: after the tax server refused one document, every later receipt printed without
 * its fiscal number while the status bar said "На зв'язку · Усе відправлено", and the cashier learnt
 * it at the Z. The bar now tells receipts with the tax server from receipts stopped by a refusal,
 * and the sale screen says why and what to do.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../app/StatusBar.js';
import { initI18n } from '../../i18n/i18n.js';
import { useUi } from '../../state/ui-store.js';
import { installBridge, keyBridge } from '../prro-keys/key-bridge.testing.js';
import { keyRow } from '../prro-keys/key-row.testing.js';
import { ReceiptsWait } from './ReceiptsWait.js';

const bridge = keyBridge();

const shiftRow = (over: Record<string, string> = {}) => ({
  kasm: '1',
  numprro: '4000211451',
  shift_id: '7',
  cashier: 'Шевчук Оксана Василівна',
  opened_at: '2026-11-24T08:00:00+02:00',
  shift_hours: '2.0',
  shift_max_hours: '24',
  receipts: '12',
  cash_balance: '500.00',
  unsent_docs: '0',
  stopped_docs: '0',
  refused_doc_id: '',
  refused_doc_type: '',
  refused_reason: '',
  register_mode: 'online',
  offline_since: null,
  offline_hours: '0.0',
  offline_session_limit: '36',
  offline_month_hours: '0.0',
  offline_month_limit: '168',
  offline_warning: '',
  offline_exhausted: '',
  ...over,
});

const REFUSED = shiftRow({
  unsent_docs: '4',
  stopped_docs: '4',
  refused_doc_id: '812',
  refused_doc_type: 'receipt',
  refused_reason: 'Код помилки: 3 InvalidTin\nПодатковий номер платника 87654321 не відповідає ПРРО 4000211451',
});

beforeAll(() => {
  initI18n('uk');
  installBridge(bridge);
});
beforeEach(() => {
  useUi.setState({ screen: 'sale' });
  bridge.rows = [keyRow()];
});
afterEach(cleanup);

const show = (what: 'bar' | 'sale') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {what === 'bar' ? <StatusBar /> : <ReceiptsWait />}
    </QueryClientProvider>,
  );

describe("the status bar's word on the receipts at the tax server", () => {
  it('says they are with the tax server when every document was accepted', async () => {
    bridge.shift = shiftRow();
    show('bar');
    const status = await screen.findByTestId('fiscal-status');
    expect(status.dataset.state).toBe('sent');
    expect(status.textContent).toBe('Чеки у податковій');
  });

  it('says fiscalisation stopped, not "all sent", once a refusal holds the register, and opens the PRRO queue', async () => {
    bridge.shift = REFUSED;
    show('bar');
    const status = await screen.findByTestId('fiscal-status');
    expect(status.dataset.state).toBe('refused');
    expect(status.textContent).toContain('Фіскалізацію зупинено');
    expect(status.getAttribute('title')).toBe(
      'Податкова відхилила документ: 4 документи цієї каси не фіскалізовано. Покличте менеджера (черга ПРРО, F5).',
    );
    expect(screen.getByTestId('queue-indicator').textContent).not.toContain('Усе відправлено');
    status.click();
    expect(useUi.getState().screen).toBe('prro');
  });

  it('counts documents on their way apart from a refusal', async () => {
    bridge.shift = shiftRow({ unsent_docs: '2' });
    show('bar');
    const status = await screen.findByTestId('fiscal-status');
    expect(status.dataset.state).toBe('sending');
    expect(status.textContent).toBe('До податкової: 2');
  });
});

describe('the sale screen while a refusal stops the receipts', () => {
  it("names the refused document, the tax server's reason, how many wait and what to do", async () => {
    bridge.shift = REFUSED;
    show('sale');
    const notice = await screen.findByTestId('receipts-wait');
    expect(notice.textContent).toBe(
      'Чеки не отримують фіскальних номерів. Податкова відхилила чек (id 812), код 3: «Податковий номер платника 87654321 не відповідає ПРРО 4000211451». Не фіскалізовано документів цієї каси: 4.' +
        'Продавати можна, але чеки друкуються без фіскального номера й QR-коду. Покличте менеджера: він виправить або скасує документ у черзі ПРРО (F5).',
    );
  });

  it("says the key's notice instead while the only trouble is a locked key", async () => {
    bridge.shift = shiftRow({ unsent_docs: '3' });
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '3' })];
    show('sale');
    expect((await screen.findByTestId('key-sign-wait')).dataset.cause).toBe('locked');
    expect(screen.queryByTestId('receipts-wait')).toBeNull();
  });

  it('says nothing while the receipts reach the tax server', async () => {
    bridge.shift = shiftRow();
    show('sale');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('receipts-wait')).toBeNull();
    expect(screen.queryByTestId('key-sign-wait')).toBeNull();
  });
});
