/**
 * Closing the shift with its Z-report (pos.shift_close). The tax server must have every document
 * of the shift first: while some are unsent the close is refused, saying how many and why, with
 * the way to see them (the PRRO queue, F5). The till's own count is checked before asking; the
 * back office's refusal says the same when the till's count was out of date.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../state/ui-store.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useShiftStore } from './shift-store.js';
import { refusalOf, type ShiftAnswer, type ShiftStateRow, useShiftWrite } from './use-shift.js';

type Closed = ShiftAnswer<unknown>;

export function CloseShift(props: {
  readonly kasm: number;
  readonly row: ShiftStateRow;
  /** The cashier just asked for the close (Alt+Z): the question comes at once. Coming back to the panel, it waits. */
  readonly asked: boolean;
}) {
  const { kasm, row } = props;
  const { t } = useTranslation('shift');
  const unsentNow = Number(row.unsent_docs) || 0;
  const [asking, setAsking] = useState(props.asked && unsentNow === 0);
  const [answer, setAnswer] = useState<Closed | null>(null);
  const closed = useShiftStore((s) => s.closed);
  const showPanel = useShiftStore((s) => s.showPanel);
  const { send, pending } = useShiftWrite('pos.shift_close');

  async function close() {
    const result = await send({ kasm }, { key: 'shiftClose', values: { kasm: String(kasm), cashier: row.cashier } });
    setAsking(false);
    if (result.kind === 'done' && result.row) closed({ ...result.row, kasm });
    else setAnswer(result);
  }

  // The back office's count wins over the till's when it refuses for unsent documents.
  const refused = answer && answer.kind !== 'done' && answer.kind !== 'queued' ? refusalOf(answer.error) : undefined;
  const refusedUnsent = refused?.reason === 'shift.unsent_documents' ? Number(refused.values.count) || 1 : 0;
  const unsent = refusedUnsent || (answer ? 0 : unsentNow);
  // Once the till sees the queue drain, that refusal is history: the close can be asked for again.
  const before = useRef(unsentNow);
  useEffect(() => {
    if (before.current > 0 && unsentNow === 0) setAnswer(null);
    before.current = unsentNow;
  }, [unsentNow]);

  return (
    <section className="shift-panel" aria-labelledby="shift-close-title" data-testid="shift-close">
      <h2 id="shift-close-title">{t('actions.close')}</h2>
      {unsent > 0 ? (
        <UnsentDocuments count={unsent} offline={row.register_mode === 'offline'} />
      ) : answer?.kind === 'queued' ? (
        <p className="stale" role="status" data-testid="shift-close-queued">
          {t('z.queued')}
        </p>
      ) : answer?.kind === 'reconcile' ? (
        <div data-testid="shift-close-reconcile">
          <p className="stale">{t('z.reconcile')}</p>
          <ErrorMessage error={answer.error} testId="shift-close-error" />
        </div>
      ) : answer && answer.kind !== 'done' ? (
        <ErrorMessage error={answer.error} testId="shift-close-error" />
      ) : null}
      {!asking && unsent === 0 ? (
        <button
          type="button"
          className="primary"
          onClick={() => {
            setAnswer(null);
            setAsking(true);
          }}
          data-testid="shift-close-again"
        >
          {t('actions.close')}
        </button>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('z.confirmTitle')}
          confirmLabel={t('z.ok')}
          busy={pending}
          onCancel={() => {
            setAsking(false);
            showPanel(null);
          }}
          onConfirm={close}
        >
          <p data-testid="shift-close-confirm-text">
            {t('z.confirm', { cashier: row.cashier, receipts: row.receipts, cash: row.cash_balance })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Why the Z-report waits, how many documents it waits for, and where they are. */
export function UnsentDocuments({ count, offline }: { readonly count: number; readonly offline: boolean }) {
  const { t } = useTranslation('shift');
  const show = useUi((s) => s.show);
  return (
    <div className="shift-unsent" role="alert" data-testid="shift-close-refused" data-count={count}>
      <p>
        <strong>{t('z.unsent', { count })}</strong>
      </p>
      <p>{t(offline ? 'z.unsentOffline' : 'z.unsentOnline')}</p>
      <button type="button" className="primary" onClick={() => show('prro')} data-testid="shift-open-queue">
        {t('z.openQueue')} <kbd>F5</kbd>
      </button>
    </div>
  );
}
