/**
 * The card terminal in the status bar: nothing while it is off; its state otherwise; and, loud, a
 * payment whose outcome the till does not know, which a click asks of the terminal.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TerminalStatus as Status } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { formatMoney } from '../../money/money.js';
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
    <span
      className={status.state === 'unreachable' ? 'terminal-state warn' : 'terminal-state'}
      data-testid="terminal-state"
      data-state={status.state}
      title={t(`state.${status.state}`)}
    >
      {t(`state.${status.state}`)}
    </span>
  );
}
