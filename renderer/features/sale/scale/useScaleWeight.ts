import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScaleRead } from '../../../../shared/bridge/api.js';
import { getBridge } from '../../../bridge/index.js';

/** What the scale said for the weigh dialog: nothing yet (no scale), waiting, a weight or why not. */
export type ScaleWeight =
  | { readonly state: 'none' }
  | { readonly state: 'waiting' }
  | { readonly state: 'weighed'; readonly kg: string }
  | { readonly state: 'refused'; readonly reason: Exclude<ScaleRead, { ok: true }>['reason'] };

/**
 * Asks the till's scale for a stable weight when the weigh dialog opens (the main process waits a
 * few seconds at most for the pan to settle), and again on `retry`. With no scale set up, nothing is
 * asked and the weight is typed as before. An answer after the dialog closed is dropped.
 */
export function useScaleWeight(enabled: boolean): { readonly weight: ScaleWeight; readonly retry: () => void } {
  const [weight, setWeight] = useState<ScaleWeight>({ state: enabled ? 'waiting' : 'none' });
  const asked = useRef(0);
  const alive = useRef(true);
  const ask = useCallback(() => {
    if (!enabled) return;
    const n = ++asked.current;
    setWeight({ state: 'waiting' });
    getBridge()
      .scaleRead()
      .then((r) => {
        if (!alive.current || n !== asked.current) return;
        setWeight(r.ok ? { state: 'weighed', kg: r.kg } : { state: 'refused', reason: r.reason });
      })
      .catch(() => {
        if (alive.current && n === asked.current) setWeight({ state: 'refused', reason: 'link' });
      });
  }, [enabled]);
  useEffect(() => {
    alive.current = true;
    ask();
    return () => {
      alive.current = false;
    };
  }, [ask]);
  return { weight, retry: ask };
}
