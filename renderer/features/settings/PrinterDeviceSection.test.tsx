// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CashdeskApi, DEFAULT_PRINTER_DEVICE, type PrinterDevice, type PrinterTest } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { PrinterDeviceSection } from './PrinterDeviceSection.js';

const tested: PrinterTest = {
  state: {
    connection: 'tcp',
    condition: 'paper_out',
    paperNearEnd: false,
    checkedAt: '2026-01-01T10:00:00Z',
    reason: 'no paper',
  },
  printed: { status: 'failed', problem: 'paper_out', reason: 'the printer has no paper' },
};
const bridge = {
  settingsUpdate: vi.fn(async (patch: { printerDevice: PrinterDevice }) => ({ printerDevice: patch.printerDevice })),
  printerTest: vi.fn(async () => tested),
  serialPorts: vi.fn(async () => ['/dev/ttyUSB0']),
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = (device: PrinterDevice = DEFAULT_PRINTER_DEVICE, editable = true) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrinterDeviceSection device={device} editable={editable} />
    </QueryClientProvider>,
  );

describe('the ESC/POS printer settings', () => {
  it('let a manager choose a network printer, its line, code page and drawer, and save them with Enter', async () => {
    show();
    fireEvent.change(screen.getByTestId('settings-printer-connection'), { target: { value: 'tcp' } });
    fireEvent.change(screen.getByTestId('settings-printer-host'), { target: { value: '192.168.1.50' } });
    fireEvent.change(screen.getByTestId('settings-printer-columns'), { target: { value: '32' } });
    fireEvent.change(screen.getByTestId('settings-printer-codepage'), { target: { value: 'windows1251' } });
    expect((screen.getByTestId('settings-printer-codetable') as HTMLInputElement).value).toBe('46');
    fireEvent.change(screen.getByTestId('settings-printer-codetable'), { target: { value: '23' } });
    fireEvent.click(screen.getByTestId('settings-printer-drawer'));
    fireEvent.keyDown(screen.getByTestId('settings-printer-host'), { key: 'Enter' });
    await waitFor(() =>
      expect(bridge.settingsUpdate).toHaveBeenCalledWith({
        printerDevice: {
          ...DEFAULT_PRINTER_DEVICE,
          connection: 'tcp',
          host: '192.168.1.50',
          columns: 32,
          codePage: 'windows1251',
          codeTable: 23,
          drawer: false,
        },
      }),
    );
  });

  it('offer the computer’s serial ports, and print the test page saying the printer’s state', async () => {
    show({ ...DEFAULT_PRINTER_DEVICE, connection: 'serial', serialPath: '/dev/ttyUSB0' });
    await waitFor(() => expect(bridge.serialPorts).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('settings-printer-test'));
    const result = await screen.findByTestId('settings-printer-test-result');
    expect(result.textContent).toBe('Тестову сторінку не надруковано. Принтер: немає паперу.');
    expect(result.dataset.condition).toBe('paper_out');
  });

  it('show everyone else the printer read-only, with no save and no test', () => {
    show({ ...DEFAULT_PRINTER_DEVICE, connection: 'tcp', host: '10.0.0.5' }, false);
    expect(screen.getByText('Принтер і скриньку налаштовує менеджер.')).toBeTruthy();
    expect((screen.getByTestId('settings-printer-connection') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByTestId('settings-printer-host') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId('settings-printer-device-save')).toBeNull();
    expect(screen.queryByTestId('settings-printer-test')).toBeNull();
  });
});
