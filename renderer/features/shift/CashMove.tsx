/**
 * Cash put into or taken out of the drawer with a reason (pos.cash_deposit / pos.cash_withdrawal):
 * a service document of the shift. Cash out needs a manager's card and PIN first (its one-time
 * confirmation goes with the write) and never more than the drawer holds.
 */

import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { type Dec, formatMoney, toWire } from '../../money/money.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { confirmWithManager } from '../people/manager-confirm.js';
import { PrintPaperButton } from '../receipt/index.js';
import { checkAmount } from './amount.js';
import { labelText, type ShiftAnswer, useShiftWrite } from './use-shift.js';

type Direction = 'in' | 'out';
type Moved = ShiftAnswer<{ balance: string; prro_doc_id: string }> | { readonly kind: 'notConfirmed' };

interface Plan {
  readonly amount: Dec;
  readonly reason: string;
}

export function CashMove(props: { readonly direction: Direction; readonly kasm: number; readonly cash: string }) {
  const { direction, kasm, cash } = props;
  const { t } = useTranslation('shift');
  const out = direction === 'out';
  const withdrawal = useShiftWrite(op.pos.cashWithdrawal);
  const deposit = useShiftWrite(op.pos.cashDeposit);
  const sendOut = withdrawal.send;
  const sendIn = deposit.send;
  const pending = withdrawal.pending || deposit.pending;
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [answer, setAnswer] = useState<{ moved: Moved; amount: string } | null>(null);
  const amountId = useId();
  const reasonId = useId();
  const focus = (id: string) => document.getElementById(id)?.focus();

  const check = checkAmount(amountText, out ? { atMost: cash } : {});
  const amountProblem = tried && check.problem ? t(`cash.problems.${check.problem}`, { cash }) : undefined;
  const reasonProblem = tried && reason.trim() === '' ? t('cash.problems.reason') : undefined;

  function ask() {
    setTried(true);
    setAnswer(null);
    if (check.problem !== undefined) return focus(amountId);
    if (reason.trim() === '') return focus(reasonId);
    setPlan({ amount: check.amount, reason: reason.trim() });
  }

  async function confirm(p: Plan) {
    const amount = toWire(p.amount);
    let moved: Moved;
    // The manager confirms before anything is written: a refusal leaves the drawer as it was.
    // Said in the interface's money format ("1 000,00 ₴"), as the dialog shows it to the manager.
    const manager = out ? await confirmWithManager('cash_withdrawal', `${formatMoney(p.amount)}: ${p.reason}`) : undefined;
    const label = { key: out ? 'cashOut' : 'cashIn', values: { amount, reason: labelText(p.reason), kasm: String(kasm) } };
    if (manager === null) moved = { kind: 'notConfirmed' };
    else if (manager) {
      moved = await sendOut({ kasm, amount, comment: p.reason, confirmation: manager.id }, label);
    } else moved = await sendIn({ kasm, amount, comment: p.reason }, label);
    setPlan(null);
    setAnswer({ moved, amount });
    if (moved.kind === 'done') {
      setAmountText('');
      setReason('');
      setTried(false);
    }
    focus(amountId);
  }

  const enterNext = (next: () => void) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    next();
  };

  return (
    <section className="shift-panel" aria-labelledby={`shift-cash-${direction}`} data-testid={`shift-cash-${direction}`}>
      <h2 id={`shift-cash-${direction}`}>{t(out ? 'cash.outTitle' : 'cash.inTitle')}</h2>
      <p>{t(out ? 'cash.outHave' : 'cash.inHave', { cash })}</p>
      {out ? <p className="muted">{t('cash.manager')}</p> : null}
      <div className="row">
        <Field
          id={amountId}
          label={t('cash.amount')}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={amountText}
          problem={amountProblem}
          onChange={(e) => {
            setAmountText(e.target.value);
            setAnswer(null);
          }}
          onKeyDown={enterNext(() => focus(reasonId))}
          data-testid="shift-cash-amount"
        />
        <Field
          id={reasonId}
          label={t('cash.reason')}
          placeholder={t(out ? 'cash.reasonOutHint' : 'cash.reasonInHint')}
          autoComplete="off"
          maxLength={512}
          value={reason}
          problem={reasonProblem}
          onChange={(e) => {
            setReason(e.target.value);
            setAnswer(null);
          }}
          onKeyDown={enterNext(ask)}
          data-testid="shift-cash-reason"
        />
        <button type="button" className="primary" disabled={pending} onClick={ask} data-testid="shift-cash-submit">
          {t(out ? 'cash.submitOut' : 'cash.submitIn')} <kbd>Enter</kbd>
        </button>
      </div>
      {answer ? <MoveAnswer out={out} moved={answer.moved} amount={answer.amount} /> : null}
      {plan ? (
        <ConfirmDialog
          title={t(out ? 'cash.confirmOutTitle' : 'cash.confirmInTitle')}
          confirmLabel={t(out ? 'cash.okOut' : 'cash.okIn')}
          busy={pending}
          onCancel={() => {
            setPlan(null);
            focus(amountId);
          }}
          onConfirm={() => confirm(plan)}
        >
          <p data-testid="shift-cash-confirm-text">
            {out
              ? t('cash.confirmOut', {
                  amount: toWire(plan.amount),
                  reason: plan.reason,
                  left: toWire(plan.amount.neg().plus(cash)),
                })
              : t('cash.confirmIn', { amount: toWire(plan.amount), reason: plan.reason })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function MoveAnswer({ out, moved, amount }: { readonly out: boolean; readonly moved: Moved; readonly amount: string }) {
  const { t } = useTranslation('shift');
  switch (moved.kind) {
    case 'done':
      return (
        <>
          <p className="ok" role="status" data-testid="shift-cash-done" data-balance={moved.row?.balance ?? ''}>
            {t(out ? 'cash.doneOut' : 'cash.doneIn', { amount, balance: moved.row?.balance ?? '' })}
          </p>
          {/* Its service document's paper: the cash and who handed it over, signed for. */}
          {moved.row?.prro_doc_id ? (
            <PrintPaperButton
              targets={[{ docId: moved.row.prro_doc_id }]}
              label={t(out ? 'cash.printOut' : 'cash.printIn')}
              testId="shift-cash-print"
            />
          ) : null}
        </>
      );
    case 'queued':
      return (
        <p className="stale" role="status" data-testid="shift-cash-queued">
          {t('cash.queued')}
        </p>
      );
    case 'notConfirmed':
      return (
        <p className="error" role="alert" data-testid="shift-cash-not-confirmed">
          {t('cash.notConfirmed')}
        </p>
      );
    case 'reconcile':
      return (
        <div data-testid="shift-cash-reconcile">
          <p className="stale">{t('cash.reconcile')}</p>
          <ErrorMessage error={moved.error} testId="shift-cash-error" />
        </div>
      );
    default:
      return <ErrorMessage error={moved.error} testId="shift-cash-error" />;
  }
}
