/**
 * Runs sandboxed in the window before the page: exposes exactly the bridge as `window.cashdesk`
 * and nothing else (no ipcRenderer, no Node). Bundled to dist/electron/preload.cjs, because a
 * sandboxed preload can require only 'electron'.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './preload-api.js';

contextBridge.exposeInMainWorld('cashdesk', createPreloadApi(ipcRenderer));
