/** What the preload (electron/preload) puts on the page in the desktop app; absent in a browser. */
import type { CashdeskApi } from '../../shared/bridge/api.js';

declare global {
  interface Window {
    readonly cashdesk?: CashdeskApi;
  }
}
