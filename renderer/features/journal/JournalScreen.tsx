/**
 * F6, the receipts journal: the receipts of a day (or a range) from the service, a receipt's
 * goods, and this till's sales still in its send queue, so nothing rung up is out of sight.
 */

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { DateField } from '../../ui/DateField.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import { ReprintButton } from '../receipt/index.js';
import './journal.css';
import { KeyHints } from '../../ui/KeyHints.js';
import { ReturnEntry } from '../returns/ReturnEntry.js';
import { KEYS } from './keys.js';
import { OutboxSales } from './OutboxSales.js';
import { ReceiptLines } from './ReceiptLines.js';
import { ReceiptsTable } from './ReceiptsTable.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_LIMIT = '200';
const dateParam = (s: string) => (DATE.test(s) ? s : '');

function limitOf(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 5000 ? n : undefined;
}

/** A modal dialog is on screen: what it holds keeps the keyboard. */
const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;

function focusReceipt(list: HTMLElement | null, checkNumber?: string) {
  list?.querySelector<HTMLButtonElement>(checkNumber ? `button[data-check="${checkNumber}"]` : 'button[data-check]')?.focus();
}

export function JournalScreen() {
  const { t } = useTranslation('journal');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [limitText, setLimitText] = useState(DEFAULT_LIMIT);
  const [open, setOpen] = useState('');
  // A wrong limit keeps the last good one in force while the cashier corrects it.
  const [limit, setLimit] = useState(Number(DEFAULT_LIMIT));
  const receipts = useRead(op.pos.reportsChecksToday, { date_from: dateParam(from), date_to: dateParam(to), limit });
  const rows = rowsOf(receipts.data);
  const list = useRef<HTMLDivElement>(null);

  // The keyboard starts on the newest receipt once the list first arrives, unless the cashier has
  // opened a dialog meanwhile (Alt+R pressed before a slow list came): its field keeps the focus.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || rows.length === 0) return;
    started.current = true;
    if (!modalOpen()) focusReceipt(list.current);
  }, [rows.length]);

  // Escape closes the open receipt from wherever the focus is, and returns to it in the list.
  useEffect(() => {
    if (open === '') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen('');
      focusReceipt(list.current, open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpen('');
    focusReceipt(list.current, open);
  };

  return (
    <div className="journal-screen">
      <header className="journal-head">
        <h1>{t('title')}</h1>
        <div className="row">
          <DateField label={t('filter.from')} value={from} onDate={setFrom} data-testid="journal-from" />
          <DateField label={t('filter.to')} value={to} onDate={setTo} data-testid="journal-to" />
          <span className="journal-muted journal-hint">{t('filter.datesHint')}</span>
          <Field
            label={t('filter.limit')}
            inputMode="numeric"
            value={limitText}
            problem={limitOf(limitText) === undefined ? t('filter.limitProblem') : undefined}
            onChange={(e) => {
              setLimitText(e.target.value);
              const n = limitOf(e.target.value);
              if (n !== undefined) setLimit(n);
            }}
            data-testid="journal-limit"
          />
          <ReturnEntry checkNumber={open} />
        </div>
      </header>
      <div className="journal-receipts" ref={list}>
        <h2>{t('receipts.title', { count: rows.length })}</h2>
        {receipts.isPending ? <Loading /> : null}
        <ErrorMessage error={receipts.error} testId="journal-error" />
        <StaleNotice stale={receipts.data?.stale} />
        {receipts.isSuccess && rows.length === 0 ? <p>{t('receipts.none')}</p> : null}
        {rows.length > 0 ? <ReceiptsTable rows={rows} open={open} withDate={from !== '' || to !== ''} onOpen={setOpen} /> : null}
      </div>
      <div className="journal-side">
        {open !== '' ? (
          <>
            <ReceiptLines key={open} checkNumber={open} onClose={close} />
            <ReprintButton target={{ checkNumber: open }} />
          </>
        ) : (
          <p className="journal-muted">{t('lines.prompt')}</p>
        )}
      </div>
      <OutboxSales />
      <KeyHints
        className="journal-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.key, label: t(`keys.${k.action}`) }))}
      />
    </div>
  );
}
