/**
 * The second step of a return: the receipt's lines, what goes back, what is paid back and by
 * which form, a confirmation (and a manager's above the limit), then the return written through
 * the outbox (pos.checkout_return) and the service's answer shown. With a bank card terminal set
 * up, the card part is paid back on it first (the bridge's cardRefund, naming the sale's RRN from
 * its receipt), and the return is booked only on the terminal's approval.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardOutcome, manualCardEntry, type WriteOutcome } from '../../../shared/bridge/api.js';
import type { ParamsOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { BridgeError, getBridge } from '../../bridge/index.js';
import { useCashStep } from '../../money/cash-rounding.js';
import { Dec, formatMoney } from '../../money/money.js';
import { rowsOf, useSettings, useWrite } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { shopDateTime } from '../../ui/shop-time.js';
import { CardFailure } from '../sale/components/CardFailure.js';
import { checkChoice, type LineChoice } from './choice.js';
import type { ConfirmWithManager, OnReturned } from './integration.js';
import { needsManager, useReturnLimit } from './limits.js';
import { Preview } from './Preview.js';
import { FORMS, type PaidForms, payback } from './payback.js';
import { ReturnLines } from './ReturnLines.js';
import { type ReturnDone, ReturnResult } from './ReturnResult.js';
import { useReturnReceipt } from './use-return-receipt.js';

const NO_PAID: PaidForms = { debt: '0', bonus: '0', certificate: '0', card: '0', cash: '0' };

/** The reads a written return changes. */
const AFTER_RETURN = [
  ['rpc', op.pos.checkoutReturnable],
  ['rpc', op.pos.reportsChecksToday],
  ['rpc', op.pos.reportsCheckPrintRows],
  ['rpc', op.pos.cashdeskBalance],
] as const;

interface Props {
  readonly checkNumber: number;
  readonly kasm: number;
  readonly timeZone: string;
  readonly confirmWithManager: ConfirmWithManager;
  readonly onReturned: OnReturned;
  readonly onOther: () => void;
}

export function ReturnForm({ checkNumber, kasm, timeZone, ...props }: Props) {
  const { t } = useTranslation('returns');
  const client = useQueryClient();
  const { returnable, printed, head, paid } = useReturnReceipt(checkNumber);
  const limit = useReturnLimit();
  const lines = rowsOf(returnable.data);
  const [choices, setChoices] = useState<ReadonlyMap<string, LineChoice>>(new Map());
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [managerRefused, setManagerRefused] = useState(false);
  const [queued, setQueued] = useState(false);
  const [done, setDone] = useState<ReturnDone | null>(null);
  const [card, setCard] = useState<Exclude<CardOutcome, { status: 'approved' }> | null>(null);
  const [cardRefused, setCardRefused] = useState<{ error: unknown; voided: boolean } | null>(null);
  const [manual, setManual] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const terminal = useSettings().data?.terminal;
  const write = useWrite(op.pos.checkoutReturn);
  const step = useCashStep();
  const box = useRef<HTMLDivElement>(null);

  const checked = useMemo(() => checkChoice(lines, choices), [lines, choices]);
  const preview = useMemo(
    () => payback({ lines, quantities: checked.quantities, paid: paid ?? NO_PAID, stepKopecks: step }),
    [lines, checked.quantities, paid, step],
  );

  // The keyboard starts on the first line that can still go back.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || lines.length === 0) return;
    started.current = true;
    box.current?.querySelector<HTMLInputElement>('input[data-testid="return-qty"]:not(:disabled)')?.focus();
  }, [lines.length]);

  const cardPart = preview.parts.card;
  const offerManual = terminal?.enabled === true && manualCardEntry(terminal) && cardPart.gt(0);
  const byTerminal = terminal?.enabled === true && cardPart.gt(0) && !(offerManual && manual);
  /** The sale's card approval as its receipt prints it: the refund names its RRN to the terminal. */
  const saleRrn = rowsOf(printed.data).find((r) => r.tag === 'PAYSYS')?.rrn ?? '';

  /** Pays the card part back on the terminal, then books the return with the refund's approval. */
  const refundByCard = async (
    params: ParamsOf<typeof op.pos.checkoutReturn>,
    options: Parameters<typeof write.mutateAsync>[0]['options'],
  ): Promise<WriteOutcome | undefined> => {
    setRefunding(true);
    try {
      const paid = await getBridge().cardRefund(params, { amount: cardPart.toFixed(2), rrn: saleRrn }, options);
      if (paid.status !== 'approved') {
        setCard(paid);
        return undefined;
      }
      if (paid.write.status === 'refused') {
        setCardRefused({ error: BridgeError.from(paid.write.error), voided: paid.voided === true });
        return undefined;
      }
      return paid.write;
    } finally {
      setRefunding(false);
      client.invalidateQueries({ queryKey: ['queue'] });
      client.invalidateQueries({ queryKey: ['status'] });
    }
  };

  const choose = (lineNo: string, c: LineChoice) => {
    setChoices((prev) => new Map(prev).set(lineNo, c));
    setRefusal(null);
    setManagerRefused(false);
  };

  const ask = () => {
    setTried(true);
    if (checked.rows) setAsking(true);
  };

  const send = async () => {
    const rows = checked.rows;
    setAsking(false);
    if (!rows) return;
    setRefusal(null);
    setManagerRefused(false);
    setCard(null);
    setCardRefused(null);
    let confirmation = 0;
    if (needsManager(preview.total, limit)) {
      const answer = await props.confirmWithManager({ action: 'return', checkNumber, total: preview.total });
      if (!answer.confirmed) {
        setManagerRefused(true);
        return;
      }
      confirmation = answer.confirmation;
    }
    let outcome: WriteOutcome;
    const params = { check_number: checkNumber, kasm, rows, ...(confirmation ? { confirmation } : {}) };
    const options = {
      // Each return is its own business object: a refused one must not hold back the next attempt.
      group: `return-${checkNumber}-${Date.now()}`,
      summary: `return of receipt ${checkNumber}: ${rows.length} lines, ${preview.total.toFixed(2)}`,
      label: { key: 'saleReturn', values: { nc: String(checkNumber), total: preview.total.toFixed(2) } },
    };
    try {
      const written = byTerminal ? await refundByCard(params, options) : await write.mutateAsync({ params, options });
      if (!written) return;
      outcome = written;
    } catch (error) {
      setRefusal(error);
      return;
    }
    if (outcome.status === 'done') {
      const row = outcome.result.rows?.[0] as ReturnDone | undefined;
      for (const key of AFTER_RETURN) client.invalidateQueries({ queryKey: key });
      if (row) {
        setDone(row);
        props.onReturned(row.return_id);
      }
    } else if (outcome.status === 'queued') setQueued(true);
    else setRefusal(BridgeError.from(outcome.error));
  };

  if (done) return <ReturnResult result={done} onAgain={props.onOther} />;
  if (queued) {
    return (
      <div className="returns-result">
        <p className="stale" role="status" data-testid="return-queued">
          {t('result.queued')}
        </p>
        <button type="button" onClick={props.onOther} data-testid="return-again">
          {t('result.again')}
        </button>
      </div>
    );
  }

  const nothingLeft = lines.length > 0 && lines.every((l) => new Dec(l.returnable).isZero());
  const what = FORMS.filter((f) => preview.parts[f].gt(0))
    .map((f) => `${t(`preview.forms.${f}`).toLowerCase()} ${formatMoney(preview.parts[f])}`)
    .join(', ');

  return (
    <div className="returns-form" ref={box} data-testid="return-form" data-check={checkNumber}>
      <div className="returns-receipt-head">
        <h3>{t('receipt.title', { nc: checkNumber })}</h3>
        {head ? (
          <span className="returns-muted" data-testid="return-receipt-facts">
            {t('receipt.sold', { at: shopDateTime(head.created_at, timeZone), kasm: head.kasm, total: head.total })}
            {head.fiscal_number ? ` · ${t('receipt.fiscal', { fiscal: head.fiscal_number })}` : ''}
          </span>
        ) : null}
        <button type="button" onClick={props.onOther} data-testid="return-other">
          {t('receipt.other')}
        </button>
      </div>
      {head?.mode === 'pending' ? (
        <p className="stale" data-testid="return-pending">
          {t('receipt.pending')}
        </p>
      ) : null}
      {returnable.isPending ? <Loading /> : null}
      <ErrorMessage error={returnable.error ?? printed.error} testId="return-load-error" />
      {returnable.isSuccess && lines.length === 0 ? <p>{t('receipt.noLines')}</p> : null}
      {nothingLeft ? <p data-testid="return-nothing-left">{t('receipt.nothingLeft')}</p> : null}
      {lines.length > 0 ? (
        <>
          <ReturnLines lines={lines} choices={choices} checked={checked.lines} onChoose={choose} onAsk={ask} />
          {tried && !checked.rows && ![...checked.lines.values()].some((c) => c.problem) ? (
            <p className="field-problem" role="alert" data-testid="return-nothing">
              {t('lines.problems.nothing')}
            </p>
          ) : null}
          <Preview payback={preview} formsKnown={paid !== undefined} limit={limit} />
          <div className="row">
            {offerManual ? (
              <label className="returns-card-manual" data-testid="return-card-manual">
                <input type="checkbox" checked={manual} onChange={(e) => setManual(e.target.checked)} />
                {t('sale:terminal.manual')}
              </label>
            ) : null}
            <button
              type="button"
              className="primary"
              disabled={write.isPending || refunding}
              onClick={ask}
              data-testid="return-ask"
              data-terminal={byTerminal}
            >
              {t('confirm.ask')} <kbd>Enter</kbd>
            </button>
            {write.isPending ? (
              <span className="loading" role="status">
                {t('confirm.sending')}
              </span>
            ) : null}
            {refunding ? (
              <span className="loading" role="status" data-testid="return-terminal-paying">
                {t('sale:terminal.refunding', { amount: formatMoney(cardPart) })}
              </span>
            ) : null}
          </div>
          {managerRefused ? (
            <p className="field-problem" role="alert" data-testid="return-manager-refused">
              {t('confirm.managerRefused')}
            </p>
          ) : null}
          <ErrorMessage error={refusal} testId="return-error" />
          {card ? <CardFailure result={{ kind: 'card', outcome: card }} /> : null}
          {cardRefused ? <CardFailure result={{ kind: 'cardRefused', ...cardRefused }} /> : null}
        </>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('confirm.title', { nc: checkNumber })}
          confirmLabel={needsManager(preview.total, limit) ? t('confirm.manager') : t('confirm.ok')}
          onConfirm={() => void send()}
          onCancel={() => setAsking(false)}
        >
          <p data-testid="return-confirm-text">{t('confirm.body', { what: what || formatMoney(preview.total) })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
