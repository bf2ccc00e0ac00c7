// @vitest-environment happy-dom
/**
 * Before a sale closes into a receipt, the ESC/POS printer's state: paper out is said with what to
 * do, and the cashier checks again, closes without paper, or goes back; the system printer is not
 * asked. And the status bar says the state.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CashdeskApi,
  DEFAULT_PRINTER,
  DEFAULT_PRINTER_DEVICE,
  type PrinterState,
  type PublicSettings,
} from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { PrinterGateDialog } from './PrinterGateDialog.js';
import { PrinterStatus } from './PrinterStatus.js';
import { printerGate } from './printer-gate.js';

const state = (condition: PrinterState['condition'], paperNearEnd = false): PrinterState => ({
  connection: 'tcp',
  condition,
  paperNearEnd,
  checkedAt: '2026-01-01T10:00:00Z',
  reason: 'DLE EOT',
});
let settings: PublicSettings;
let answers: PrinterState[] = [];
const bridge = {
  settingsGet: vi.fn(async () => settings),
  printerCheck: vi.fn(async () => answers.shift() ?? state('ready')),
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  vi.clearAllMocks();
  settings = {
    printer: DEFAULT_PRINTER,
    printerDevice: { ...DEFAULT_PRINTER_DEVICE, connection: 'tcp', host: '10.0.0.5' },
  } as PublicSettings;
});
afterEach(cleanup);

describe('the printer before a close', () => {
  it('lets a ready printer through without a word', async () => {
    answers = [state('ready')];
    expect(await printerGate(createQueryClient())).toBe('print');
  });

  it('says paper out with what to do; Enter checks again once the roll is in, and the sale goes on', async () => {
    render(<PrinterGateDialog />);
    answers = [state('paper_out'), state('ready')];
    const gate = printerGate(createQueryClient());
    const asked = await screen.findByTestId('printer-gate');
    expect(asked.dataset.condition).toBe('paper_out');
    expect(asked.textContent).toContain('У принтері закінчився папір.');
    expect(asked.textContent).toContain('Вставте новий рулон');
    fireEvent.click(screen.getByTestId('printer-gate-retry'));
    expect(await gate).toBe('print');
    expect(bridge.printerCheck).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByTestId('printer-gate')).toBeNull());
  });

  it('lets the cashier close without paper, or go back to the receipt', async () => {
    render(<PrinterGateDialog />);
    answers = [state('cover_open')];
    const without = printerGate(createQueryClient());
    fireEvent.click(await screen.findByTestId('printer-gate-without'));
    expect(await without).toBe('without');
    answers = [state('unreachable')];
    const back = printerGate(createQueryClient());
    expect((await screen.findByTestId('printer-gate')).textContent).toContain('Принтер чеків не відповідає.');
    fireEvent.click(screen.getByTestId('printer-gate-back'));
    expect(await back).toBe('back');
  });

  it('does not ask the system printer, nor a till that gives e-receipts only', async () => {
    settings = { printer: DEFAULT_PRINTER, printerDevice: DEFAULT_PRINTER_DEVICE } as PublicSettings;
    expect(await printerGate(createQueryClient())).toBe('print');
    settings = {
      printer: { ...DEFAULT_PRINTER, eReceiptOnly: true },
      printerDevice: { ...DEFAULT_PRINTER_DEVICE, connection: 'tcp' },
    } as PublicSettings;
    expect(await printerGate(createQueryClient())).toBe('print');
    expect(bridge.printerCheck).not.toHaveBeenCalled();
  });
});

describe('the printer in the status bar', () => {
  it('warns of paper out and of paper running out, says ready plainly, and is absent for the system printer', () => {
    const { rerender, container } = render(<PrinterStatus state={state('paper_out')} />);
    const shown = () => screen.getByTestId('printer-state');
    // happy-dom's window is 1024 px wide: the bar says the printer's name, its colour the state, the words in its title.
    const seen = () => [shown().textContent, shown().title, shown().dataset.tone];
    expect(seen()).toEqual(['Принтер', 'Принтер: немає паперу: DLE EOT', 'bad']);
    rerender(<PrinterStatus state={state('ready', true)} />);
    expect(seen()).toEqual(['Принтер', 'Принтер: папір закінчується: DLE EOT', 'warn']);
    rerender(<PrinterStatus state={state('ready')} />);
    expect(seen()).toEqual(['Принтер', 'Принтер готовий: DLE EOT', 'ok']);
    rerender(<PrinterStatus state={null} />);
    expect(container.textContent).toBe('');
  });
});
