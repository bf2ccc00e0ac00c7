/** Prints a receipt again (the journal, F6): a button and Alt+P, while the receipt is selected. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptTarget } from '../../../shared/paper/receipt.js';
import { usePrintReceipt } from './use-print-receipt.js';

export const REPRINT_KEY = { label: 'Alt+P', code: 'KeyP' } as const;

const isReprintKey = (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === REPRINT_KEY.code;

export function ReprintButton({ target }: { target: ReceiptTarget }) {
  const { t } = useTranslation('receipt');
  const print = usePrintReceipt();
  const [busy, setBusy] = useState(false);
  const reprint = () => {
    setBusy(true);
    void print(target).finally(() => setBusy(false));
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isReprintKey(e)) return;
      e.preventDefault();
      document.querySelector<HTMLButtonElement>('[data-testid="receipt-reprint"]:not(:disabled)')?.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button type="button" className="receipt-reprint" disabled={busy} onClick={reprint} data-testid="receipt-reprint">
      {t('reprint')} <kbd>{REPRINT_KEY.label}</kbd>
    </button>
  );
}
