/**
 * The receipt on the screen: before printing ("ask each time": Enter prints, Esc does not), as
 * the customer's e-receipt, or after a print that failed (Enter tries again). A receipt still
 * waiting for its fiscal number is read again every few seconds, so the screen shows the number
 * (and its QR code) as soon as the tax server gives it, and Enter then prints the whole receipt.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useFocusTrap } from '../../ui/use-focus-trap.js';
import { printParams, type Receipt, receiptNumber, receiptOf } from './model.js';
import { printOrSay } from './print-flow.js';
import { ReceiptPaper } from './ReceiptPaper.js';
import { type Shown, useReceipt } from './receipt-store.js';

/** A scanner's Enter follows its characters within this (as in ui/ConfirmDialog): it never answers the dialog. */
const SCAN_ENTER_MS = 300;
const PENDING_REFRESH_MS = 2000;

/** The receipt, brought up to date while it waits for its fiscal number. */
function useLiveReceipt(shown: Shown): Receipt | null {
  const pending = shown.receipt?.head.mode === 'pending';
  const fresh = useRead('pos.receipt_print', printParams(shown.target), {
    enabled: pending,
    refetchInterval: pending ? PENDING_REFRESH_MS : false,
  });
  if (!shown.receipt) return null;
  const again = fresh.data ? receiptOf(rowsOf(fresh.data), []) : undefined;
  return again ? { ...again, header: shown.receipt.header, footer: shown.receipt.footer } : shown.receipt;
}

function titleKey(shown: Shown, receipt: Receipt | null): string {
  const isReturn = receipt?.head.kind === 'return' || 'returnId' in shown.target;
  if (shown.kind === 'failed') return 'title.failed';
  if (shown.kind === 'preview') return isReturn ? 'title.previewReturn' : 'title.preview';
  return isReturn ? 'title.screenReturn' : 'title.screen';
}

export function ReceiptDialog({ shown }: { shown: Shown }) {
  const { t } = useTranslation('receipt');
  const client = useQueryClient();
  const receipt = useLiveReceipt(shown);
  const action = useRef<HTMLButtonElement>(null);
  const lastChar = useRef(Number.NEGATIVE_INFINITY);
  const trap = useFocusTrap();
  const nc = receipt
    ? receiptNumber(receipt)
    : String('returnId' in shown.target ? shown.target.returnId : shown.target.checkNumber);

  // The focus comes here; the trap gives it back where it was (the code field, the journal's row) after.
  useEffect(() => {
    action.current?.focus();
  }, []);

  const dismiss = () => useReceipt.getState().dismiss();
  const print = () => {
    dismiss();
    if (receipt) void printOrSay(client, shown.target, receipt);
  };
  const printable = shown.kind !== 'screen' && receipt !== null;

  return (
    <div className="dialog-backdrop">
      <div
        ref={trap}
        className="dialog receipt-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t(titleKey(shown, receipt), { nc })}
        data-testid="receipt-dialog"
        data-kind={shown.kind}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            dismiss();
          } else if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && e.key !== ' ') {
            lastChar.current = e.timeStamp;
            e.preventDefault();
          } else if (e.key === 'Enter' && e.timeStamp - lastChar.current < SCAN_ENTER_MS) {
            e.preventDefault();
            e.stopPropagation();
          }
        }}
      >
        <h2>{t(titleKey(shown, receipt), { nc })}</h2>
        <div className="dialog-body receipt-dialog-body">
          {shown.kind === 'failed' ? (
            <div className="receipt-failure" role="alert" data-testid="receipt-failure" data-failure={shown.failure}>
              <p>{t(`failure.${shown.failure}`, { printer: shown.printer })}</p>
              {shown.failure === 'load' ? <ErrorMessage error={shown.error} /> : null}
              <p>{t('later')}</p>
            </div>
          ) : null}
          {receipt?.head.mode === 'pending' ? (
            <p className="receipt-note" data-testid="receipt-pending">
              {t('pending')}
            </p>
          ) : null}
          {receipt?.head.mode === 'offline' ? <p className="receipt-note">{t('offline')}</p> : null}
          {receipt ? (
            <div className="receipt-screen">
              <ReceiptPaper receipt={receipt} width={shown.width} />
            </div>
          ) : null}
        </div>
        <div className="dialog-actions">
          {printable ? (
            <>
              <button type="button" onClick={dismiss} data-testid="receipt-skip">
                {t(shown.kind === 'preview' ? 'actions.skip' : 'actions.close')} <kbd>Esc</kbd>
              </button>
              <button type="button" ref={action} className="primary" onClick={print} data-testid="receipt-print-now">
                {t(shown.kind === 'preview' ? 'actions.print' : 'actions.retry')} <kbd>Enter</kbd>
              </button>
            </>
          ) : (
            <button type="button" ref={action} className="primary" onClick={dismiss} data-testid="receipt-close">
              {t('actions.close')} <kbd>Esc</kbd>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
