/**
 * On the sale screen, while documents of this till wait for their signature and the key cannot
 * sign them: receipts still sell, but get their fiscal numbers only once the key is unlocked (or
 * loaded), and who to call. It reads the row the status bar already reads (one query, no read of
 * its own), and is its own component so its updates never render the sale's lines again.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../rpc/hooks.js';
import { signWaitOf } from '../key-state.js';
import { useTillKeyState } from '../use-key-state.js';
import '../prro-keys.css';

export function KeySignWait() {
  const { t } = useTranslation('keys');
  const kasm = useSettings().data?.till.kasm;
  const wait = signWaitOf(useTillKeyState(kasm).row);
  if (!wait) return null;
  return (
    <p
      className={wait.cause === 'locked' ? 'key-sign-wait' : 'key-sign-wait bad'}
      role="status"
      data-testid="key-sign-wait"
      data-cause={wait.cause}
      data-count={wait.count}
    >
      <strong>{t('sale.waiting', { count: wait.count })}</strong> {t(`sale.${wait.cause}`)}
    </p>
  );
}
