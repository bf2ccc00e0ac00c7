// @vitest-environment happy-dom
/**
 * With an ESC/POS printer the interface hands the main process nothing but the paper's target
 * (the main process reads and prints it), never its markup; a receipt given without printing (an
 * e-receipt) asks the main process to open the drawer, which decides from the document itself.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CashdeskApi,
  DEFAULT_PRINTER,
  DEFAULT_PRINTER_DEVICE,
  type PrintOutcome,
  type PublicSettings,
} from '../../../shared/bridge/api.js';
import type { Paper } from '../../../shared/paper/paper.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { printOrSay, produceReceipt } from './print-flow.js';
import { useReceipt } from './receipt-store.js';

let settings: PublicSettings;
let outcome: PrintOutcome = { status: 'printed', printer: 'tcp 10.0.0.5:9100', copies: 1 };
const HEAD = { tag: 'HEAD', kind: 'sale', mode: 'online', org_name: '', point_name: '', point_addr: '', check_number: '12' };
const bridge = {
  settingsGet: vi.fn(async () => settings),
  printers: vi.fn(async () => ({ native: true, printers: [] })),
  printReceipt: vi.fn(),
  printPaper: vi.fn(async () => outcome),
  openDrawer: vi.fn(async () => true),
  read: vi.fn(async (method: string) => ({
    method,
    result: {
      upstream: { name: 'x', version: '1', resource: 'x' },
      status: { code: 'OK', operation: method },
      rows: method === 'pos.receipt_print' ? [HEAD] : [],
    },
    stale: false,
    fetchedAt: '',
  })),
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  vi.clearAllMocks();
  outcome = { status: 'printed', printer: 'tcp 10.0.0.5:9100', copies: 1 };
  settings = {
    printer: DEFAULT_PRINTER,
    printerDevice: { ...DEFAULT_PRINTER_DEVICE, connection: 'tcp', host: '10.0.0.5' },
  } as PublicSettings;
});
afterEach(() => useReceipt.getState().dismiss());

const paper = { kind: 'receipt' } as unknown as Paper;

describe('printing on an ESC/POS printer from the interface', () => {
  it('names each paper by its target and sends no markup', async () => {
    const targets = [{ docId: '88' }, { shift: { kasm: 1, shiftId: 5 } }];
    expect(await printOrSay(createQueryClient(), { targets, papers: [paper, paper] })).toMatchObject({ status: 'printed' });
    expect(bridge.printPaper.mock.calls).toEqual([[{ docId: 88 }], [{ shift: { kasm: 1, shiftId: 5 } }]]);
    expect(bridge.printReceipt).not.toHaveBeenCalled();
  });

  it('shows a printer out of paper as the failure it is, with the paper to print again', async () => {
    outcome = { status: 'failed', problem: 'paper_out', reason: 'the printer has no paper' };
    await printOrSay(createQueryClient(), { targets: [{ checkNumber: 12 }], papers: [paper] });
    expect(useReceipt.getState().shown).toMatchObject({ kind: 'failed', failure: 'paper_out', targets: [{ checkNumber: 12 }] });
  });

  it('opens the drawer for a receipt shown on the screen only, and prints nothing', async () => {
    settings = { ...settings, printer: { ...DEFAULT_PRINTER, eReceiptOnly: true } };
    await produceReceipt(createQueryClient(), { checkNumber: 12 }, true);
    expect(bridge.openDrawer).toHaveBeenCalledWith({ checkNumber: 12 });
    expect(bridge.printPaper).not.toHaveBeenCalled();
    expect(useReceipt.getState().shown).toMatchObject({ kind: 'screen' });
  });

  it('prints a sale’s receipt at once, the drawer left to the print', async () => {
    await produceReceipt(createQueryClient(), { checkNumber: 12 }, true);
    expect(bridge.printPaper).toHaveBeenCalledWith({ checkNumber: 12 });
    expect(bridge.openDrawer).not.toHaveBeenCalled();
  });
});
