/**
 * Repayment of a card's debt, in cash into the till's cash box or from the card's bonus. The
 * amount is checked here first (words a cashier understands), then confirmed with the amount and
 * the card stated, and the service's own answer is what the cashier sees.
 */

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { useCashStep } from '../../money/cash-rounding.js';
import { type Dec, formatMoney, toWire } from '../../money/money.js';
import { formatRoundingMoney } from '../../money/rounding-shown.js';
import { rowsOf, useRead, useWrite } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { errorWords } from '../../ui/error-words.js';
import { Field } from '../../ui/Field.js';
import { usePrintReceipt } from '../receipt/index.js';
import { DebtResult, repaymentPapers } from './DebtResult.js';
import { answerOf, type PaymentAnswer, type Tender } from './payment.js';
import { type CashToTake, cashToTake, checkAmount, type OpenDebtRow, onlyNcParam, owedBy, selectedRows } from './selection.js';
import { VariableRowsError } from './variable-rows.js';

interface Plan {
  readonly tender: Tender;
  readonly amount: Dec | undefined;
  readonly owed: Dec;
  readonly onlyNc: string;
  /** The cash the drawer takes for it, rounded as the back office rounds it. */
  readonly cash: CashToTake;
}

export function PayDebt(props: {
  readonly card: string;
  readonly rows: readonly OpenDebtRow[];
  readonly ticked: ReadonlySet<string>;
  readonly akas: string;
  readonly kasm: number;
  readonly onPaid: () => void;
}) {
  const { t } = useTranslation('debt');
  const { card, rows, ticked, akas } = props;
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [answer, setAnswer] = useState<PaymentAnswer | null>(null);
  const amountId = useId();
  // Field does not take a ref; its input is found by the id it is given.
  const focusAmount = () => document.getElementById(amountId)?.focus();
  const payCash = useWrite(op.pos.debtPayCash);
  const payBonus = useWrite(op.pos.debtPayBonus);
  const printReceipt = usePrintReceipt();
  const box = useRead(op.pos.cashdeskBalance, { akas }, { enabled: akas !== '' });
  const boxBalance = rowsOf(box.data)[0]?.balance;
  const sending = payCash.isPending || payBonus.isPending;

  const chosen = selectedRows(rows, ticked);
  const owed = owedBy(chosen);
  const check = checkAmount(text, owed);
  const step = useCashStep();

  function ask(tender: Tender) {
    setTried(true);
    setAnswer(null);
    if (check.problem || (tender === 'cash' && akas === '')) {
      focusAmount();
      return;
    }
    setPlan({
      tender,
      amount: check.amount,
      owed,
      onlyNc: onlyNcParam(rows, ticked),
      cash: cashToTake(chosen, check.amount, step),
    });
  }

  async function send(p: Plan) {
    const amount = p.amount ? { amount: toWire(p.amount) } : {};
    // Each repayment is its own business object: a refused one must not hold back the next attempt.
    const options = { group: `debt-${card}-${Date.now()}` };
    try {
      const outcome =
        p.tender === 'cash'
          ? await payCash.mutateAsync({
              params: { card, akas, kasm: props.kasm, only_nc: p.onlyNc, ...amount },
              options,
            })
          : await payBonus.mutateAsync({ params: { card, only_nc: p.onlyNc, ...amount }, options });
      const a = answerOf(p.tender, card, outcome);
      setAnswer(a);
      if (a.kind === 'done') {
        setText('');
        setTried(false);
        props.onPaid();
        // The customer is given the receipts of what was repaid, one after another, once per answer:
        // given from the answer's view, they were given again whenever it was mounted again (alone
        // on the screen once the card owes nothing).
        void repaymentPapers(a.result).reduce((given, p) => given.then(() => printReceipt(p)), Promise.resolve());
      }
    } catch (error) {
      setAnswer({ kind: 'problem', error, reconcile: false });
    } finally {
      setPlan(null);
      focusAmount();
    }
  }

  const problem =
    answerProblem(answer) ??
    (tried && check.problem ? t(`pay.problems.${check.problem}`, { owed: formatMoney(owed) }) : undefined);

  function answerProblem(a: PaymentAnswer | null): string | undefined {
    if (a?.kind !== 'problem') return undefined;
    if (a.error instanceof VariableRowsError) return t('pay.contract', { problem: a.error.message });
    return a.reconcile ? `${t('pay.reconcile')} ${errorWords(t, a.error)}` : errorWords(t, a.error);
  }

  const result = answer?.kind === 'done' ? <DebtResult result={answer.result} akas={akas} /> : null;
  // Paid in full: nothing left to pay, but the service's answer stays on screen.
  if (rows.length === 0) return result;

  return (
    <div className="debt-pay">
      <h3>{t('pay.title')}</h3>
      <p className="debt-box" data-testid="debt-cash-box">
        {akas === ''
          ? t('pay.noCashBox')
          : boxBalance !== undefined
            ? t('pay.cashBoxBalance', { akas, balance: formatMoney(boxBalance) })
            : t('pay.cashBox', { akas })}
      </p>
      <div className="row">
        <Field
          id={amountId}
          label={t('pay.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={t('pay.amountPlaceholder', { sum: formatMoney(owed) })}
          problem={problem}
          onChange={(e) => {
            setText(e.target.value);
            setAnswer(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            ask(e.shiftKey ? 'bonus' : 'cash');
          }}
          data-testid="debt-pay-amount"
        />
        <button
          type="button"
          className="primary"
          disabled={sending || akas === ''}
          onClick={() => ask('cash')}
          data-testid="debt-pay-cash"
        >
          {t('pay.cash')}
        </button>
        <button type="button" disabled={sending} onClick={() => ask('bonus')} data-testid="debt-pay-bonus">
          {t('pay.bonus')}
        </button>
      </div>
      {sending ? (
        <p className="loading" role="status">
          {t('pay.sending')}
        </p>
      ) : null}
      {answer?.kind === 'queued' ? (
        <p className="stale" role="status" data-testid="debt-queued">
          {t('pay.queued')}
        </p>
      ) : null}
      {result}
      {plan ? (
        <ConfirmDialog
          title={t(plan.tender === 'cash' ? 'confirm.cashTitle' : 'confirm.bonusTitle')}
          confirmLabel={t('confirm.ok')}
          busy={sending}
          onCancel={() => {
            setPlan(null);
            focusAmount();
          }}
          onConfirm={() => send(plan)}
        >
          <ConfirmText plan={plan} card={card} akas={akas} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function ConfirmText({ plan, card, akas }: { plan: Plan; card: string; akas: string }) {
  const { t } = useTranslation('debt');
  const amount = formatMoney(plan.amount ?? plan.owed);
  const { cash, rounding } = plan.cash;
  const what =
    plan.tender === 'cash'
      ? rounding.isZero()
        ? t('confirm.cash', { amount, akas, card })
        : t('confirm.cashRounded', { cash: formatMoney(cash), amount, rounding: formatRoundingMoney(rounding), akas, card })
      : plan.amount
        ? t('confirm.bonus', { amount, card })
        : t('confirm.bonusAll', { card, owed: formatMoney(plan.owed) });
  const which =
    plan.onlyNc === '' ? t('confirm.oldestFirst') : t('confirm.receipts', { list: plan.onlyNc.replaceAll(',', ', ') });
  return (
    <p data-testid="debt-confirm-text">
      {what} {which}
    </p>
  );
}
