/**
 * The UpdaterPort over electron-updater (6.8): ask, download (the installer checked against the
 * metadata's SHA-512, and on Windows its Authenticode signature against the publisher names the
 * build was given), install. The app passes its autoUpdater (electron/main/updates.ts); the tests
 * an NsisUpdater of the same library on a test app adapter. Updates are asked for, never pushed:
 * nothing downloads by itself, nothing installs on quit, and an older version the server offers
 * is taken, which is how a chain rolls its tills back.
 */
import type { AppUpdater } from 'electron-updater';
import type { UpdaterPort } from './updater-port.js';

export function electronUpdaterPort(updater: AppUpdater): UpdaterPort {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = true;
  return {
    async check() {
      const result = await updater.checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download() {
      await updater.downloadUpdate();
    },
    install() {
      // Silent (the per-machine installer asks nothing) and the till starts again after it.
      updater.quitAndInstall(true, true);
    },
  };
}
