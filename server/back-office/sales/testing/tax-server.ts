/** Tests send the queue to the simulated tax server the way the service does every few seconds. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { type DispatchResult, dispatchFiscalNow } from '../prro/server/dispatch.js';

export function sendToTaxServer(db: Db, at: Date = new Date()): DispatchResult {
  return dispatchFiscalNow(db, simulatedFiscalServer(db), () => at, 'Europe/Kyiv');
}
