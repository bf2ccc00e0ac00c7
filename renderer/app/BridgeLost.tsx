/**
 * A browser tab whose cash desk stopped or restarted must not look alive: it says so over the
 * whole app until the desk answers again (it is asked every few seconds), or, after a restart with
 * a new token, says to open the new address the desk printed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRIDGE_HEALTH_EVENT, type BridgeHealth } from '../bridge/http-bridge.js';
import { getBridge } from '../bridge/index.js';

const RETRY_MS = 3000;

export function BridgeLost() {
  const { t } = useTranslation();
  const [health, setHealth] = useState<BridgeHealth>('ok');
  useEffect(() => {
    const on = (e: Event) => setHealth((e as CustomEvent<BridgeHealth>).detail);
    window.addEventListener(BRIDGE_HEALTH_EVENT, on);
    return () => window.removeEventListener(BRIDGE_HEALTH_EVENT, on);
  }, []);
  // While the desk is down, ask it now and then: its answer (or a refused token) updates the health.
  useEffect(() => {
    if (health !== 'down') return;
    const timer = setInterval(() => {
      getBridge()
        .status()
        .catch(() => undefined);
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [health]);
  if (health === 'ok') return null;
  return (
    <div className="bridge-lost" role="alert" data-testid="bridge-lost" data-health={health}>
      <strong>{t(`common:bridge.${health}.title`)}</strong> <span>{t(`common:bridge.${health}.body`)}</span>
    </div>
  );
}
