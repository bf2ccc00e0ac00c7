/**
 * Mixed payment (F2) of the sale in progress: cash, cashless, debt, bonus and a gift certificate.
 * The remainder follows every keystroke; nothing closes until the parts pay the receipt to the
 * kopeck (split.ts). The split is stored with the sale document and the close carries the same
 * payments; afterwards the sale screen shows how it went. With a bank card terminal set up, the
 * cashless part is paid on it first (the main process closes the sale only on its approval);
 * typing a card payment in by hand is then a fallback a manager allows in the settings.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manualCardEntry } from '../../../shared/bridge/api.js';
import { useCashStep } from '../../money/cash-rounding.js';
import { formatAmount, formatMoney, toWire } from '../../money/money.js';
import { formatRoundingMoney } from '../../money/rounding-shown.js';
import { useSettings } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { Field } from '../../ui/Field.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { tellDisplay } from '../customer-display/index.js';
import type { CloseResult } from '../sale/actions/types.js';
import { CloseFailure } from '../sale/components/CloseFailure.js';
import { useSaleActions } from '../sale/sale-actions.js';
import { saleTotal } from '../sale/sale-lines.js';
import { useSale } from '../sale/sale-store.js';
import { CardPanel } from './CardPanel.js';
import { KEYS } from './keys.js';
import './mixed.css';
import { computeSplit, fillRemainder, type Part, type Problem, type SplitTexts, tendersOf } from './split.js';
import { useCardFacts } from './use-card-facts.js';

const FIELDS: readonly (Part | 'certNumber')[] = ['cash', 'cashless', 'debt', 'bonus', 'certNumber', 'cert'];
const EMPTY: SplitTexts = { cash: '', cashless: '', debt: '', bonus: '', cert: '', certNumber: '' };
const idOf = (field: Part | 'certNumber') => `mixed-part-${field}`;
const fieldInput = (field: Part | 'certNumber') => document.getElementById(idOf(field)) as HTMLInputElement | null;
const focusField = (field: Part | 'certNumber') => fieldInput(field)?.focus();
/** Enter walks the fields in order, stepping over disabled ones (debt and bonus without a card). */
function focusAfter(field: Part | 'certNumber'): void {
  for (let i = 1; i < FIELDS.length; i++) {
    const el = fieldInput(FIELDS[(FIELDS.indexOf(field) + i) % FIELDS.length] as Part | 'certNumber');
    if (el && !el.disabled) {
      el.focus();
      return;
    }
  }
}

export function MixedPaymentScreen() {
  const { t } = useTranslation('mixed');
  const lines = useSale((s) => s.lines);
  const card = useSale((s) => s.card);
  const show = useUi((s) => s.show);
  const actions = useSaleActions();
  const [typed, setTyped] = useState<SplitTexts>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Exclude<CloseResult, { kind: 'closed' }> | null>(null);
  const { facts, stale, loading } = useCardFacts(card?.code ?? '');
  const terminal = useSettings().data?.terminal;
  const [manual, setManual] = useState(false);

  const total = saleTotal(lines);
  const split = computeSplit(total, typed, facts, useCashStep());
  const problemOf = (field: Part | 'certNumber') => split.problems.find((p) => p.field === field);
  const words = (p: Problem | undefined) =>
    p ? t(`problem.${p.kind}`, { limit: p.limit ? formatMoney(p.limit) : '' }) : undefined;
  const general = split.problems.filter((p) => p.field === undefined);

  const cardPart = split.amounts.cashless.gt(0);
  // The terminal takes the card part unless a manager's fallback lets the cashier say it was paid by hand.
  const offerManual = terminal?.enabled === true && manualCardEntry(terminal) && cardPart;
  const byTerminal = terminal?.enabled === true && cardPart && !(offerManual && manual);

  const pay = async () => {
    if (!split.ready || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await actions.close({
      byTerminal,
      tenders: tendersOf(split, typed.certNumber),
      cashGiven: split.amounts.cash,
      mixed: {
        nal: split.cashPart,
        bn: split.amounts.cashless,
        debt: split.amounts.debt,
        bonus: split.amounts.bonus,
        cert: split.amounts.cert,
        certNumber: typed.certNumber.trim(),
      },
    });
    setBusy(false);
    if (result.kind === 'closed') show('sale');
    else setFailure(result);
  };

  useEffect(() => focusField('cash'), []);
  // The customer display shows the receipt's total while it is split (not the emptied sale after the close).
  const totalWire = lines.length > 0 ? toWire(total) : '';
  useEffect(() => {
    if (totalWire !== '') tellDisplay({ kind: 'total', total: totalWire });
  }, [totalWire]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === KEYS.pay.key) {
        e.preventDefault();
        void pay();
      } else if (e.key === KEYS.back.key && !(e.target as HTMLElement).closest('[role="alertdialog"]')) {
        e.preventDefault();
        show('sale');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (lines.length === 0) {
    return (
      <div className="mixed-screen">
        <p className="sale-empty" data-testid="mixed-no-sale">
          {t('noSale')}
        </p>
      </div>
    );
  }

  const onFieldKey = (field: Part | 'certNumber') => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === KEYS.fill.key && field !== 'certNumber') {
      e.preventDefault();
      setTyped((x) => ({ ...x, [field]: formatAmount(fillRemainder(split, field, facts)).replace(/\s/g, '') }));
    } else if (e.key === KEYS.next.key) {
      e.preventDefault();
      if (split.ready) void pay();
      else focusAfter(field);
    }
  };

  const field = (name: Part | 'certNumber', disabled = false) => (
    <Field
      key={name}
      label={t(`parts.${name}`)}
      id={idOf(name)}
      data-testid={name === 'certNumber' ? 'mixed-cert-number' : `mixed-${name}`}
      className={name === 'certNumber' ? undefined : 'amount-input'}
      inputMode={name === 'certNumber' ? 'text' : 'decimal'}
      autoComplete="off"
      disabled={disabled || busy}
      value={typed[name]}
      problem={words(problemOf(name))}
      onChange={(e) => setTyped((x) => ({ ...x, [name]: e.target.value }))}
      onKeyDown={onFieldKey(name)}
    />
  );

  return (
    <div className="mixed-screen">
      <section className="mixed-parts" aria-label={t('title')}>
        <h1>{t('title')}</h1>
        {field('cash')}
        {field('cashless')}
        <CardPanel card={card} facts={facts} stale={stale} loading={loading} />
        <div className="mixed-pair">
          {field('debt', !card)}
          {field('bonus', !card)}
        </div>
        <div className="mixed-pair">
          {field('certNumber')}
          {field('cert')}
        </div>
      </section>
      <aside className="mixed-side">
        <div className="sale-total-box">
          <span className="sale-total-label">{t('total')}</span>
          <output className="total sale-total" data-testid="mixed-total" data-total={total.toFixed(2)}>
            {formatMoney(total)}
          </output>
          {/* The cash part is rounded: what the receipt comes to, so the remainder below adds up with it. */}
          {split.rounding.isZero() ? null : (
            <dl
              className="mixed-rounding"
              data-testid="mixed-rounding"
              data-rounding={split.rounding.toFixed(2)}
              data-to-pay={split.toPay.toFixed(2)}
            >
              <dt>{t('rounding')}</dt>
              <dd>{formatRoundingMoney(split.rounding)}</dd>
              <dt>{t('toPay')}</dt>
              <dd data-testid="mixed-to-pay">{formatMoney(split.toPay)}</dd>
            </dl>
          )}
        </div>
        {/* Overpaid, paid in full, or what is left: never "paid in full 0,00" over a split that pays too much. */}
        <div
          className={
            split.overpaid.gt(0) ? 'mixed-remainder over' : split.remainder.isZero() ? 'mixed-remainder done' : 'mixed-remainder'
          }
          data-testid="mixed-remainder-box"
          data-state={split.overpaid.gt(0) ? 'overpaid' : split.remainder.isZero() ? 'paid' : 'due'}
        >
          <span>{split.overpaid.gt(0) ? t('overpaid') : split.remainder.isZero() ? t('paid') : t('remainder')}</span>
          <output
            className="total"
            data-testid="mixed-remainder"
            data-remainder={split.remainder.toFixed(2)}
            hidden={split.overpaid.isZero() && split.remainder.isZero()}
          >
            {formatMoney(split.overpaid.gt(0) ? split.overpaid : split.remainder)}
          </output>
          {/* Only cash is rounded: another form would pay the rest to the kopeck. */}
          {split.remainder.gt(0) && !split.exactRemainder.eq(split.remainder) ? (
            <span
              className="mixed-remainder-exact"
              data-testid="mixed-remainder-exact"
              data-amount={split.exactRemainder.toFixed(2)}
            >
              {t('remainderExact', { sum: formatMoney(split.exactRemainder) })}
            </span>
          ) : null}
        </div>
        <div className="mixed-change">
          <span>{t('change')}</span>
          <output className="total" data-testid="mixed-change" data-change={split.change.toFixed(2)}>
            {formatMoney(split.change)}
          </output>
        </div>
        {general.map((p) => (
          <p key={p.kind} className="error" role="alert" data-testid="mixed-problem">
            {words(p)}
          </p>
        ))}
        {offerManual ? (
          <label className="mixed-card-manual" data-testid="mixed-card-manual">
            <input type="checkbox" checked={manual} disabled={busy} onChange={(e) => setManual(e.target.checked)} />
            {t('sale:terminal.manual')}
          </label>
        ) : null}
        {busy && byTerminal ? (
          <p className="notice info" role="status" data-testid="mixed-terminal-paying">
            {t('sale:terminal.paying', { amount: formatMoney(split.amounts.cashless) })}
          </p>
        ) : null}
        <CloseFailure result={failure} />
        <button
          type="button"
          className="primary big"
          data-testid="mixed-pay"
          data-terminal={byTerminal}
          disabled={!split.ready || busy}
          onClick={pay}
        >
          <kbd>F12</kbd> {busy ? t('sale:sending') : t('pay')}
        </button>
        <button type="button" onClick={() => show('sale')}>
          <kbd>Esc</kbd> {t('back')}
        </button>
      </aside>
      <KeyHints
        className="key-hints"
        title={t('sale:keyHints')}
        hints={Object.values(KEYS).map((k) => ({ keys: k.label, label: t(`keys.${k.hint}`) }))}
      />
    </div>
  );
}
