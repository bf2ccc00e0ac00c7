/**
 * A close that was saved while the service was away is sent by the outbox on its own; once it is,
 * the report on the sale screen stops saying "waiting to be sent" and names the receipt it became.
 */

import { useEffect } from 'react';
import type { op, ResultRowOf } from '../../../shared/contract/index.js';
import { useQueueItems } from '../../rpc/hooks.js';
import { useSale } from './sale-store.js';

export function useDeliveredClose(): void {
  const last = useSale((s) => s.lastClose);
  const waiting = last?.status === 'queued' ? last.outboxId : null;
  // The queue hooks are refreshed by the core's queue events (useBridgeEvents); only while a close
  // waits, so scanning (a queue event per line) does not re-read the done list each time.
  const done = useQueueItems({ states: ['done'], limit: 50 }, { enabled: waiting !== null });
  useEffect(() => {
    if (waiting === null) return;
    const item = done.data?.find((i) => i.id === waiting);
    const row = item?.result?.rows[0] as ResultRowOf<typeof op.pos.checkoutCloseSale> | undefined;
    if (!row || last?.status !== 'queued') return;
    useSale.getState().closeDelivered(waiting, {
      status: 'done',
      ndoc: last.ndoc,
      checkNumber: row.check_number,
      total: row.total,
      change: last.change,
      bonusAccrued: row.bonus_accrued,
      sent: true,
    });
  }, [waiting, done.data, last]);
}
