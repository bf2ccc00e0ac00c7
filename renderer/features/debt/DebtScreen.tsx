/**
 * F3, card debts: the overdue list, a card's open receipts, and repayment in cash into the
 * till's cash box or from the card's bonus (server/back-office/sales/cards is what answers).
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead, useSettings } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import './debt.css';
import { KeyHints } from '../../ui/KeyHints.js';
import { KEYS } from './keys.js';
import { OpenDebts } from './OpenDebts.js';
import { OverdueDebts } from './OverdueDebts.js';
import { PayDebt } from './PayDebt.js';

export function DebtScreen() {
  const { t } = useTranslation('debt');
  const client = useQueryClient();
  const till = useSettings().data?.till;
  const [typed, setTyped] = useState('');
  const [card, setCard] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const cardInput = useRef<HTMLInputElement>(null);
  const open = useRead(op.pos.debtOpenRows, { card }, { enabled: card !== '' });
  const rows = rowsOf(open.data);

  // The scanner is ready as soon as the screen opens.
  useEffect(() => cardInput.current?.focus(), []);

  function choose(next: string) {
    setTyped(next);
    setCard(next.trim());
    setTicked(new Set());
  }

  function toggle(checkNumber: string) {
    setTicked((before) => {
      const after = new Set(before);
      if (!after.delete(checkNumber)) after.add(checkNumber);
      return after;
    });
  }

  // What a repayment changed: the card's receipts, the overdue list and the cash box.
  function paid() {
    setTicked(new Set());
    for (const method of [op.pos.debtOpenRows, op.pos.overdueDebts, op.pos.cashdeskBalance] as const) {
      client.invalidateQueries({ queryKey: ['rpc', method] });
    }
  }

  return (
    <div className="debt-screen">
      <OverdueDebts current={card} onPick={choose} />
      <section className="debt-card" aria-labelledby="debt-title">
        <h2 id="debt-title">{t('title')}</h2>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            choose(typed);
          }}
        >
          <div className="field debt-card-field">
            <label htmlFor="debt-card-input">{t('card.label')}</label>
            <input
              id="debt-card-input"
              ref={cardInput}
              value={typed}
              autoComplete="off"
              inputMode="numeric"
              onChange={(e) => setTyped(e.target.value)}
              data-testid="debt-card-input"
            />
          </div>
          <button type="submit" data-testid="debt-card-find">
            {t('card.find')}
          </button>
        </form>
        {card === '' ? <p>{t('card.prompt')}</p> : null}
        {card !== '' && open.isPending ? <Loading /> : null}
        <ErrorMessage error={open.error} testId="debt-card-error" />
        <StaleNotice stale={open.data?.stale} />
        {card !== '' && open.isSuccess && rows.length === 0 ? <p data-testid="debt-none">{t('card.none', { card })}</p> : null}
        {rows.length > 0 ? <OpenDebts card={card} rows={rows} ticked={ticked} onToggle={toggle} /> : null}
        {card !== '' && open.isSuccess && till ? (
          <PayDebt key={card} card={card} rows={rows} ticked={ticked} akas={till.akas} kasm={till.kasm} onPaid={paid} />
        ) : null}
      </section>
      <KeyHints
        className="debt-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.key, label: t(`keys.${k.action}`) }))}
      />
    </div>
  );
}
