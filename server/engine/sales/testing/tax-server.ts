/** Tests send the queue to the simulated tax server the way the service does every few seconds. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { type DispatchResult, dispatchFiscalNow } from '../prro/server/dispatch.js';
import { simulatedFiscalServer } from '../prro/server/simulator/simulator.js';

export function sendToTaxServer(db: Db, at: Date = new Date()): DispatchResult {
  return dispatchFiscalNow(db, simulatedFiscalServer(db), () => at, 'Europe/Kyiv');
}
