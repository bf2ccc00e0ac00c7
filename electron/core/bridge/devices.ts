/**
 * The bridge's printers, drawer, scale and customer display. Trying a device other than the saved
 * one, or testing one, belongs to the device's settings, which are a manager's.
 */
import type { CashdeskApi, ScaleSettings } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { listSerialPorts } from '../../devices/printer/link/serial.js';
import type { DeskContext } from '../desk/context.js';
import { printReceipt } from '../printing/print-receipt.js';
import type { TillDevices } from '../till-devices.js';

type DeviceApi = Pick<
  CashdeskApi,
  | 'printers'
  | 'printReceipt'
  | 'printPaper'
  | 'openDrawer'
  | 'printerCheck'
  | 'printerTest'
  | 'serialPorts'
  | 'customerDisplay'
  | 'customerDisplayTest'
  | 'scaleRead'
>;

export function deviceBridge(d: Pick<DeskContext, 'opts' | 'settings' | 'session' | 'log'>, devices: TillDevices): DeviceApi {
  const { escpos, display, scale } = devices;
  const printer = d.opts.printer;
  return {
    printers: async () => ({ native: printer !== undefined, printers: (await printer?.list()) ?? [] }),
    printReceipt: async (job) => {
      if (!printer) throw new BridgeError('NO_PRINTER', 'this cash desk prints through the browser (window.print), not silently');
      const outcome = await printReceipt(printer, d.settings.get().printer, job);
      if (outcome.status === 'failed') d.log('warn', 'receipt not printed', { problem: outcome.problem, error: outcome.reason });
      return outcome;
    },
    printPaper: async (target) => {
      devices.escposOnly();
      const outcome = await escpos.print(target);
      if (outcome.status === 'failed') d.log('warn', 'paper not printed', { problem: outcome.problem, error: outcome.reason });
      return outcome;
    },
    openDrawer: (target) => escpos.openDrawer(target),
    printerCheck: () => escpos.check(),
    printerTest: async () => {
      d.session.mayChange('manager');
      devices.escposOnly();
      return escpos.test();
    },
    serialPorts: () => listSerialPorts(),
    customerDisplay: async (view) => display.show(view),
    customerDisplayTest: async () => {
      d.session.mayChange('manager');
      return display.test();
    },
    scaleRead: async (typed) => {
      const saved = d.settings.get().scale;
      if (typed && Object.keys(typed).some((k) => typed[k as keyof ScaleSettings] !== saved[k as keyof ScaleSettings]))
        d.session.mayChange('manager');
      const r = await scale.read(typed ? { ...saved, ...typed, enabled: true } : saved);
      if (!r.ok) d.log('warn', 'scale', { reason: r.reason, detail: r.detail });
      return r;
    },
  };
}
