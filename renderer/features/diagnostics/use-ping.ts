/**
 * service.ping through useRead, timed around the bridge call: the query does not run by itself
 * but on each check, so the latency is that of the check the person sees.
 */

import { useCallback, useEffect, useState } from 'react';
import { op } from '../../../shared/contract/op.js';
import { useRead } from '../../rpc/hooks.js';

export function usePing() {
  const ping = useRead(op.service.ping, {}, { enabled: false });
  const [latencyMs, setLatencyMs] = useState<number | null>(null);
  const { refetch } = ping;
  const check = useCallback(async () => {
    const t0 = performance.now();
    const r = await refetch();
    setLatencyMs(r.isSuccess ? Math.round(performance.now() - t0) : null);
  }, [refetch]);
  useEffect(() => {
    check();
  }, [check]);
  return { ping, latencyMs, check };
}
