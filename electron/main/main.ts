/**
 * The Electron shell: lifecycle, the one window, and the security baseline (context isolation,
 * sandbox, no node integration, a strict CSP, the app:// origin only, no navigation, windows or
 * permissions, checked IPC senders; Electron's security checklist). What has logic lives in the
 * small files beside it and is tested without Electron; this file only wires them to Electron's objects.
 *
 * It runs bundled as dist/electron/main.cjs (npm run build:electron), so `__dirname` is
 * dist/electron, inside app.asar once packaged.
 */
import { join } from 'node:path';
import { app, BrowserWindow, crashReporter, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import { createCore } from '../core/core.js';
import { deskLog } from '../core/logs/desk-logger.js';
import { APP_ENTRY_URL } from './app-url.js';
import { startCrashReports } from './crash-reports.js';
import { electronPrinter } from './electron-printer.js';
import { isAllowedExternalUrl } from './external-links.js';
import { forwardBridgeEvents, isAppMainFrame, registerBridgeIpc } from './ipc.js';
import { guardNavigations } from './navigation-guard.js';
import { registerAppScheme, serveRenderer } from './protocol.js';
import { SafeStorageSecretStore } from './safe-storage-secret-store.js';
import { quitGracefully } from './shutdown.js';
import { tillUpdater } from './updates.js';
import { PRODUCT_NAME, windowOptions } from './window-options.js';

let win: BrowserWindow | undefined;
// Before anything starts: a crash of any process from here on leaves a report in the data folder.
const crashDir = startCrashReports({ app, crashReporter }, app.getPath('userData'));

// Two instances would drain one outbox side by side; a second launch only brings the first forward.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('web-contents-created', (_event, contents) => {
    // The interface is one page: no frame leaves the app's origin (navigation, subframe or
    // redirect), and it embeds no webviews and opens no windows.
    guardNavigations(contents);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  // Whatever the main process creates from now on (the data folder, SQLite's -wal and -shm files)
  // is its user's alone; the core sets the data folder's modes itself too (shared-node/fs/private-files.ts).
  process.umask(0o077);
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  serveRenderer(session.defaultSession, join(__dirname, '..', 'renderer'));
  if (app.isPackaged) Menu.setApplicationMenu(null);

  // A packaged till has no console: its log is in files beside its data (userData/logs).
  const log = deskLog(userData, { stderr: !app.isPackaged });
  // Between shifts only (electron/core/updates); none without an update server in the build.
  const updater = tillUpdater(app.isPackaged, log.logger);
  const core = await createCore({
    dataDir: userData,
    secrets: new SafeStorageSecretStore(join(userData, 'api-key.bin'), safeStorage),
    appVersion: app.getVersion(),
    runtime: `Electron ${process.versions.electron} (Node ${process.versions.node})`,
    demo: process.argv.includes('--demo'),
    // The desk's faults, a card payment's steps and the interface's screen errors.
    logger: log.logger,
    logFiles: log.files,
    crashDir,
    ...(updater ? { updater } : {}),
    chooseSaveFile: async (suggestedName) => {
      const picked = await dialog.showSaveDialog({
        defaultPath: join(app.getPath('desktop'), suggestedName),
        filters: [{ name: 'Text', extensions: ['txt'] }],
      });
      return picked.canceled || !picked.filePath ? null : picked.filePath;
    },
    // Receipts print silently from a hidden window; the list of printers is the main window's.
    printer: electronPrinter({
      openWindow: (options) => new BrowserWindow(options),
      printers: async () => (win ? win.webContents.getPrintersAsync() : []),
    }),
  });
  quitGracefully(app, () => core.close());
  registerBridgeIpc(ipcMain, core.api, (frame) => isAppMainFrame(frame, win?.webContents.mainFrame));

  const window = new BrowserWindow(windowOptions({ preload: join(__dirname, 'preload.cjs'), devTools: !app.isPackaged }));
  win = window;
  const stopEvents = forwardBridgeEvents(core.api, window.webContents);
  window.once('ready-to-show', () => window.show());
  // A renderer that crashed or was killed: its report is in crashes/, and the log says when and why.
  window.webContents.on('render-process-gone', (_event, details) =>
    log.logger.log('error', 'interface process gone', { reason: details.reason, exitCode: details.exitCode }),
  );
  window.on('closed', () => {
    stopEvents();
    win = undefined;
  });
  await window.loadURL(APP_ENTRY_URL);
}

function fail(err: unknown): void {
  console.error('the cash desk could not start:', err);
  dialog.showErrorBox(`${PRODUCT_NAME} could not start`, err instanceof Error ? err.message : String(err));
  app.exit(1);
}
