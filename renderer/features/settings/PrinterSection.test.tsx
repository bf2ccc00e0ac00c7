// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CashdeskApi, DEFAULT_PRINTER, type PrinterSettings, type Printers } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { PrinterSection } from './PrinterSection.js';

let printers: Printers = { native: false, printers: [] };
const bridge = {
  printers: vi.fn(async () => printers),
  settingsUpdate: vi.fn(async (patch: { printer: PrinterSettings }) => ({ printer: patch.printer })),
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = (printer: PrinterSettings = DEFAULT_PRINTER) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrinterSection printer={printer} />
    </QueryClientProvider>,
  );

describe('the printer settings', () => {
  it('in the desktop app list the printers (and a chosen one that is gone), and save printer, paper, copies and the choices', async () => {
    printers = { native: true, printers: [{ name: 'POS_58', displayName: 'XPrinter 58' }] };
    show({ ...DEFAULT_PRINTER, name: 'Old' });
    const name = (await screen.findByTestId('settings-printer-name')) as HTMLSelectElement;
    expect([...name.options].map((o) => o.textContent)).toEqual([
      'Принтер за замовчуванням системи',
      'XPrinter 58',
      'Old (не підключено)',
    ]);
    fireEvent.change(name, { target: { value: 'POS_58' } });
    fireEvent.click(screen.getByTestId('settings-paper-58'));
    fireEvent.change(screen.getByTestId('settings-copies'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('settings-ask'));
    // Enter on a checkbox saves the section, as on every other field.
    fireEvent.keyDown(screen.getByTestId('settings-ask'), { key: 'Enter' });
    await waitFor(() =>
      expect(bridge.settingsUpdate).toHaveBeenCalledWith({
        printer: { name: 'POS_58', paperWidth: 58, copies: 2, askEachTime: true, eReceiptOnly: false },
      }),
    );
    await screen.findByTestId('settings-printer-saved');
  });

  it('in browser mode say that the browser chooses the printer and copies, and keep the paper and the choices', async () => {
    printers = { native: false, printers: [] };
    show();
    expect((await screen.findByTestId('settings-printer-browser')).textContent).toContain('вікно друку браузера');
    expect(screen.queryByTestId('settings-printer-name')).toBeNull();
    expect(screen.queryByTestId('settings-copies')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-ereceipt'));
    expect((screen.getByTestId('settings-ask') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('settings-printer-save'));
    await waitFor(() =>
      expect(bridge.settingsUpdate).toHaveBeenCalledWith({ printer: { ...DEFAULT_PRINTER, eReceiptOnly: true } }),
    );
  });
});

describe('the printer settings beside an ESC/POS printer', () => {
  it('say the ESC/POS printer prints, offer no system printer, and keep the copies', async () => {
    printers = { native: false, printers: [] };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PrinterSection printer={DEFAULT_PRINTER} escpos />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('settings-printer-escpos')).textContent).toContain('Чеки друкує принтер ESC/POS');
    expect(screen.queryByTestId('settings-printer-browser')).toBeNull();
    expect(screen.queryByTestId('settings-printer-name')).toBeNull();
    expect(screen.getByTestId('settings-copies')).toBeTruthy();
  });
});
