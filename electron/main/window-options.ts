/** The one window's options: Electron's security checklist, pinned here so a test can hold them. */
import type { BrowserWindowConstructorOptions } from 'electron';

export const PRODUCT_NAME = 'Cashdesk';

export interface WindowSetup {
  /** Absolute path of the bundled preload (dist/electron/preload.cjs). */
  readonly preload: string;
  /** Off in the packaged app: a cashier has no use for them and they bypass every check here. */
  readonly devTools: boolean;
}

export function windowOptions(setup: WindowSetup): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    // Tills are mostly 1366×768; 728 leaves room for the Windows taskbar.
    width: 1366,
    height: 728,
    minWidth: 1024,
    minHeight: 700,
    // Shown on ready-to-show, painted with the interface's background, so it never flashes white.
    show: false,
    backgroundColor: '#f5f6f8',
    autoHideMenuBar: true,
    webPreferences: {
      preload: setup.preload,
      contextIsolation: true,
      // The sandboxed preload cannot require() our files, which is why it is bundled.
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Product codes and Ukrainian names are not dictionary words; red underlines only distract.
      spellcheck: false,
      devTools: setup.devTools,
    },
  };
}
