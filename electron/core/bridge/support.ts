/**
 * The bridge's support: the interface's errors logged, the logs saved for support by a person
 * signed in, and an update installed by a manager (it restarts the till).
 */
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import type { DeskContext } from '../desk/context.js';
import { saveLogs } from '../logs/save-logs.js';
import type { TillUpdates } from '../updates/till-updates.js';

export function supportBridge(
  d: Pick<DeskContext, 'opts' | 'settings' | 'session' | 'log'>,
  updates: TillUpdates | undefined,
): Pick<CashdeskApi, 'reportError' | 'logsSave' | 'updateInstall'> {
  const { opts } = d;
  return {
    reportError: async (report) => {
      d.log('error', 'interface error', { screen: report.screen, error: report.message, stack: report.stack });
    },
    logsSave: async () => {
      const who = d.session.who;
      if (!who) throw new BridgeError('NOT_SIGNED_IN', 'nobody is signed in at the till: saving its logs is a person’s');
      const s = d.settings.get();
      const saved = await saveLogs({
        files: opts.logFiles,
        dataDir: opts.dataDir,
        ...(opts.crashDir ? { crashDir: opts.crashDir } : {}),
        ...(opts.chooseSaveFile ? { chooseFile: opts.chooseSaveFile } : {}),
        facts: {
          app: opts.appVersion,
          runtime: opts.runtime,
          till: `${s.till.kasm} (cash box ${s.till.akas || '—'})`,
          service: s.serviceUrl || 'embedded',
          'saved by': `${who.name} (${who.role})`,
        },
      });
      if (saved) d.log('info', 'logs saved for support', { bytes: saved.bytes });
      return saved;
    },
    updateInstall: async () => {
      if (d.session.who?.role !== 'manager')
        throw new BridgeError('NOT_A_MANAGER', 'installing an update restarts the till: a manager signed in does it');
      if (!updates)
        throw new BridgeError('NO_UPDATER', 'this cash desk has no update server set (browser mode, or built without one)');
      return updates.updates.install();
    },
  };
}
