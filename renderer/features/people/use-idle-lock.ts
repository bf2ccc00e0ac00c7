/**
 * Locks the till after the set minutes without a key, a click or a scan (Settings: idle lock;
 * 0 never): a till left alone must not sell under the last cashier's name.
 */
import { useEffect } from 'react';
import { getBridge } from '../../bridge/index.js';

const ACTIVITY = ['keydown', 'pointerdown', 'wheel'] as const;

export function useIdleLock(minutes: number, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || minutes <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void getBridge().signOut(), minutes * 60_000);
    };
    arm();
    for (const e of ACTIVITY) window.addEventListener(e, arm, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, arm, { capture: true });
    };
  }, [minutes, signedIn]);
}
