/**
 * The card terminal in the status bar: nothing while it is off; its state otherwise; and, loud, a
 * payment whose outcome the till does not know, which a click asks of the terminal.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TerminalStatus as Status } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { formatMoney } from '../../money/money.js';
import { DeviceBadge } from '../../ui/DeviceBadge.js';
import './terminal.css';

export function TerminalStatus({ status }: { status: Status }) {
  const { t } = useTranslation('terminal');
  const [asking, setAsking] = useState(false);
  if (status.pending) {
    const amount = formatMoney(status.pending.amount);
    return (
      <button
        type="button"
        className="terminal-state warn"
        data-testid="terminal-state"
        data-state="pending"
        title={t('pendingTitle', { amount })}
        disabled={asking}
        onClick={() => {
          setAsking(true);
          getBridge()
            .cardRecover()
            .catch(() => undefined)
            .finally(() => setAsking(false));
        }}
      >
        {t('pending', { amount })}
      </button>
    );
  }
  if (status.state === 'off') return null;
  return (
    <DeviceBadge
      kind="terminal-state"
      tone={status.state === 'unreachable' ? 'bad' : 'ok'}
      words={t(`state.${status.state}`)}
      name={t('short')}
      data-testid="terminal-state"
      data-state={status.state}
    />
  );
}
