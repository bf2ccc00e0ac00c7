/**
 * Crash reports a support person can collect: Electron's crashReporter writes a minidump of any
 * crashed process (the main process, the interface's renderer, a GPU or utility process) into the
 * data folder's crashes/, and uploads nothing (a till may have no internet, and a dump may hold a
 * receipt in memory). "Save logs" lists them; the log says a renderer that went away and why.
 */
import { join } from 'node:path';

interface ElectronParts {
  readonly app: { setPath(name: 'crashDumps', path: string): void };
  readonly crashReporter: { start(options: { uploadToServer: boolean; compress?: boolean }): void };
}

/** Must run before the app is ready, so every process it starts is covered. Returns the folder. */
export function startCrashReports(electron: ElectronParts, userData: string): string {
  const dir = join(userData, 'crashes');
  electron.app.setPath('crashDumps', dir);
  electron.crashReporter.start({ uploadToServer: false, compress: true });
  return dir;
}
