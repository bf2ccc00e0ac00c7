import { describe, expect, it } from 'vitest';
import { startCrashReports } from './crash-reports.js';

describe('crash reports', () => {
  it('go to the data folder’s crashes/, kept on the till and never uploaded', () => {
    const calls: unknown[] = [];
    const dir = startCrashReports(
      {
        app: { setPath: (name, path) => calls.push(['setPath', name, path]) },
        crashReporter: { start: (options) => calls.push(['start', options]) },
      },
      '/home/till/.config/Cashdesk',
    );
    expect(dir).toBe('/home/till/.config/Cashdesk/crashes');
    // The folder first: a dump written before it is set goes to Electron's default place.
    expect(calls).toEqual([
      ['setPath', 'crashDumps', '/home/till/.config/Cashdesk/crashes'],
      ['start', { uploadToServer: false, compress: true }],
    ]);
  });
});
