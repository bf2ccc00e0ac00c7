/**
 * What the till's register has not yet sent to the tax server and the grid does not list: the
 * shift screen counts every unsent document (pos.shift_state), while the grid lists only those
 * that need a person, of the dates chosen. Said beside the grid so the two never seem to disagree:
 * offline, or queued (behind a key that cannot sign, KeySignWait says whom to call), or older than
 * the dates shown, which Alt+D brings in (from the register's first unsent document).
 */

import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';
import { useShiftState } from '../shift/use-shift.js';
import { shownTime } from './rows.js';
import { useAltKeys } from './use-alt-keys.js';

interface Props {
  readonly kasm: number;
  readonly numprro: string;
  /** How many documents the grid lists. */
  readonly listed: number;
  /** The first date the grid shows. */
  readonly start: string;
  /** Shows the grid from an earlier date on. */
  readonly onFrom: (start: string) => void;
}

export function UnsentSummary({ kasm, numprro, listed, start, onFrom }: Props) {
  const { t } = useTranslation('prro');
  const client = useQueryClient();
  // The status bar reads the same row for this till: no read of its own.
  const row = useShiftState(kasm).row;
  const unsent = Number(row?.unsent_docs ?? 0);
  // The listed documents are the till's unsent ones that need a person, when the grid is of its register.
  const beyond = unsent - (numprro === '' || numprro === row?.numprro ? listed : 0);
  const register = numprro || row?.numprro || '';

  /** From the date of the register's first document the tax server has not settled. */
  const fromFirst = async () => {
    const first = rowsOf(await fetchRead(client, op.pos.prroUnsentChain, { numprro: register }))[0];
    const date = first?.created_at.slice(0, 10);
    if (date && date < start) onFrom(date);
  };
  useAltKeys((key) => {
    if (!('action' in key) || key.action !== 'since' || unsent === 0 || register === '') return false;
    void fromFirst();
    return true;
  });

  if (!row || beyond <= 0) return null;
  return (
    <p className="prro-unsent" role="status" data-testid="prro-unsent" data-count={beyond} data-mode={row.register_mode}>
      <span>{t('unsent.count', { count: beyond, kasm })}</span>{' '}
      {row.register_mode === 'offline' ? (
        <span>{t('unsent.offline', { since: row.offline_since ? shownTime(row.offline_since) : '' })}</span>
      ) : (
        <span>{t('unsent.queued')}</span>
      )}{' '}
      <button type="button" onClick={() => void fromFirst()} data-testid="prro-unsent-since">
        {t('unsent.since')} <kbd>Alt+D</kbd>
      </button>
    </p>
  );
}
