/**
 * Closing the shift with its Z-report (pos.shift_close). The tax server must have every document
 * of the shift first: while some are unsent the close is refused, saying how many and why, with
 * the way to see them (the PRRO queue, F5). The till's own count is checked before asking; the
 * back office's refusal says the same when the till's count was out of date.
 *
 * The close asks what is collected (інкасація) and what the drawer keeps for the next shift; the
 * back office books the collection as a service withdrawal right before the Z-report. Once closed,
 * the collection's paper and the Z-report are shown to print.
 */

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { dec, toWire } from '../../money/money.js';
import { useUi } from '../../state/ui-store.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { type PaperTarget, usePrintPapers } from '../receipt/index.js';
import { type CollectionField, type CollectionTyped, planCollection } from './collection.js';
import { useShiftStore, type ZClosed } from './shift-store.js';
import { refusalOf, type ShiftAnswer, type ShiftStateRow, useShiftWrite } from './use-shift.js';

type Closed = ShiftAnswer<unknown>;

/** The papers of a close: the collection's service withdrawal (if any), then the Z-report. */
export const closePapers = (z: ZClosed): PaperTarget[] => [
  ...(z.collection_doc_id ? [{ docId: z.collection_doc_id }] : []),
  { shift: { kasm: z.kasm, shiftId: Number(z.shift_id) } },
];

export function CloseShift(props: {
  readonly kasm: number;
  readonly row: ShiftStateRow;
  /** The cashier just asked for the close (Alt+Z): the collection is asked at once. */
  readonly asked: boolean;
}) {
  const { kasm, row } = props;
  const { t } = useTranslation('shift');
  const unsentNow = Number(row.unsent_docs) || 0;
  const [typed, setTyped] = useState<CollectionTyped>(null);
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<{ collect: string; keep: string } | null>(null);
  const [answer, setAnswer] = useState<Closed | null>(null);
  const closed = useShiftStore((s) => s.closed);
  const showPanel = useShiftStore((s) => s.showPanel);
  const printPapers = usePrintPapers();
  const { send, pending } = useShiftWrite(op.pos.shiftClose);
  const collectId = useId();
  const keepId = useId();
  const focus = (id: string) => document.getElementById(id)?.focus();

  const plan = planCollection(row.cash_balance, typed);
  const shownIn = (field: CollectionField): string => {
    if (typed?.field === field) return typed.text;
    if (plan.problem !== undefined) return '';
    return toWire(field === 'collect' ? plan.collect : plan.keep).replace('.', ',');
  };
  const problemOf = (field: CollectionField): string | undefined =>
    tried && plan.problem !== undefined && plan.field === field
      ? t(`cash.problems.${plan.problem}`, { cash: row.cash_balance })
      : undefined;

  function ask() {
    setTried(true);
    setAnswer(null);
    if (plan.problem !== undefined) return focus(plan.field === 'collect' ? collectId : keepId);
    setAsking({ collect: toWire(plan.collect), keep: toWire(plan.keep) });
  }

  async function close(p: { collect: string; keep: string }) {
    const result = await send(
      { kasm, collection: p.collect },
      { key: 'shiftClose', values: { kasm: String(kasm), cashier: row.cashier, amount: p.collect } },
    );
    setAsking(null);
    if (result.kind === 'done' && result.row) {
      const z = { ...result.row, kasm };
      closed(z);
      // The collection goes with the bag and the Z-report stays with the till: both to paper.
      void printPapers(closePapers(z));
    } else setAnswer(result);
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
  // Alt+Z: the collection is the next thing to answer.
  const asked = props.asked && unsentNow === 0;
  useEffect(() => {
    if (asked) document.getElementById(collectId)?.focus();
  }, [asked, collectId]);

  const field = (name: CollectionField, id: string, next: () => void) => (
    <Field
      id={id}
      label={t(name === 'collect' ? 'z.collect' : 'z.keep')}
      inputMode="decimal"
      autoComplete="off"
      value={shownIn(name)}
      problem={problemOf(name)}
      disabled={pending}
      onChange={(e) => {
        setTyped({ field: name, text: e.target.value });
        setAnswer(null);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        next();
      }}
      data-testid={name === 'collect' ? 'shift-collect' : 'shift-keep'}
    />
  );

  return (
    <section className="shift-panel" aria-labelledby="shift-close-title" data-testid="shift-close">
      <h2 id="shift-close-title">{t('actions.close')}</h2>
      {unsent > 0 ? (
        <UnsentDocuments count={unsent} offline={row.register_mode === 'offline'} />
      ) : (
        <>
          <p data-testid="shift-close-drawer">{t('z.drawer', { cash: row.cash_balance })}</p>
          <p className="muted">{t('z.collectHelp')}</p>
          <div className="row">
            {field('collect', collectId, () => focus(keepId))}
            {field('keep', keepId, ask)}
            <button type="button" className="primary" disabled={pending} onClick={ask} data-testid="shift-close-again">
              {t('actions.close')} <kbd>Enter</kbd>
            </button>
          </div>
        </>
      )}
      {unsent > 0 ? null : answer?.kind === 'queued' ? (
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
      {asking ? (
        <ConfirmDialog
          title={t('z.confirmTitle')}
          confirmLabel={t('z.ok')}
          busy={pending}
          onCancel={() => {
            setAsking(null);
            showPanel(null);
          }}
          onConfirm={() => close(asking)}
        >
          <p data-testid="shift-close-confirm-text">{t('z.confirm', { cashier: row.cashier, receipts: row.receipts })}</p>
          <p data-testid="shift-close-confirm-cash">
            {dec(asking.collect).isZero()
              ? t('z.confirmNoCollection', { keep: asking.keep })
              : t('z.confirmCollection', { collect: asking.collect, keep: asking.keep })}
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
