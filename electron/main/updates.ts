/**
 * The packaged till's updater: electron-updater's autoUpdater on the generic provider the build was
 * given (build/electron-builder.json publish; a chain builds with its own server's address), or
 * none when the build has no update server. The desk decides when (electron/core/updates).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { autoUpdater } from 'electron-updater';
import type { Logger } from '../../shared-node/log/logger.js';
import { electronUpdaterPort } from '../core/updates/electron-updater-port.js';
import type { UpdaterPort } from '../core/updates/updater-port.js';

export function tillUpdater(isPackaged: boolean, logger: Logger): UpdaterPort | undefined {
  // electron-builder writes app-update.yml beside the archive only when the build names an update server.
  if (!isPackaged || !existsSync(join(process.resourcesPath, 'app-update.yml'))) return undefined;
  autoUpdater.logger = {
    info: (m: unknown) => logger.log('info', 'updater', { message: String(m) }),
    warn: (m: unknown) => logger.log('warn', 'updater', { message: String(m) }),
    error: (m: unknown) => logger.log('error', 'updater', { message: String(m) }),
    debug: () => {},
  };
  return electronUpdaterPort(autoUpdater);
}
