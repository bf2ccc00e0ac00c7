import { describe, expect, it } from 'vitest';
import { electronPrinter, PRINT_WINDOW_OPTIONS, type PrintWindowLike } from './electron-printer.js';

function fakeWindows(answer: { success: boolean; reason: string }) {
  const opened: { url: string; destroyed: boolean }[] = [];
  const openWindow = (): PrintWindowLike => {
    const w = { url: '', destroyed: false };
    opened.push(w);
    return {
      loadURL: async (url) => {
        w.url = url;
      },
      webContents: { print: (_options, callback) => callback(answer.success, answer.reason) },
      destroy: () => {
        w.destroyed = true;
      },
    };
  };
  return { opened, openWindow };
}

const options = {
  silent: true as const,
  printBackground: false,
  copies: 1,
  margins: { marginType: 'none' as const },
  pageSize: { width: 80_000, height: 100_000 },
};

describe('the Electron printer', () => {
  it('prints from a hidden window that runs no script, and closes it after', async () => {
    const w = fakeWindows({ success: true, reason: '' });
    const printer = electronPrinter({ openWindow: w.openWindow, printers: async () => [] });
    await printer.print('<p>ЧЕК</p>', options);
    expect(PRINT_WINDOW_OPTIONS.show).toBe(false);
    expect(PRINT_WINDOW_OPTIONS.webPreferences).toMatchObject({ javascript: false, sandbox: true, nodeIntegration: false });
    expect(PRINT_WINDOW_OPTIONS.webPreferences?.preload).toBeUndefined();
    expect(w.opened).toHaveLength(1);
    expect(w.opened[0]?.url.startsWith('data:text/html;charset=utf-8;base64,')).toBe(true);
    expect(Buffer.from(w.opened[0]?.url.split(',')[1] ?? '', 'base64').toString('utf8')).toBe('<p>ЧЕК</p>');
    expect(w.opened[0]?.destroyed).toBe(true);
  });

  it("rejects with the printer's reason, and still closes the window", async () => {
    const w = fakeWindows({ success: false, reason: 'Print job canceled' });
    const printer = electronPrinter({ openWindow: w.openWindow, printers: async () => [] });
    await expect(printer.print('<p>ЧЕК</p>', options)).rejects.toThrow('Print job canceled');
    expect(w.opened[0]?.destroyed).toBe(true);
  });

  it("lists the system's printers by the name it prints to", async () => {
    const printer = electronPrinter({
      openWindow: fakeWindows({ success: true, reason: '' }).openWindow,
      printers: async () => [
        { name: 'POS_58', displayName: 'POS 58', description: '', options: {} },
        { name: 'Office', displayName: '', description: '', options: {} },
      ],
    });
    expect(await printer.list()).toEqual([
      { name: 'POS_58', displayName: 'POS 58' },
      { name: 'Office', displayName: 'Office' },
    ]);
  });
});
