/**
 * Prints papers a screen offers (a service document, a collection, a debt repaid, an X- or
 * Z-report): a button and Alt+P, which show them first (Enter prints, Esc does not). Alt+P is
 * left to an open dialog, and takes the first such button on the screen.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperTarget } from './paper.js';
import { paperNames } from './paper-names.js';
import { usePrintPapers } from './use-print-receipt.js';

export const PRINT_PAPER_KEY = { label: 'Alt+P', code: 'KeyP' } as const;

const isPrintKey = (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === PRINT_PAPER_KEY.code;

export function PrintPaperButton(props: {
  readonly targets: readonly PaperTarget[];
  /** What the button says; by default "Друкувати" and the papers' names. */
  readonly label?: string;
  readonly testId?: string;
}) {
  const { targets, testId = 'paper-print' } = props;
  const { t } = useTranslation('receipt');
  const print = usePrintPapers();
  const [busy, setBusy] = useState(false);
  const go = () => {
    setBusy(true);
    void print(targets).finally(() => setBusy(false));
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // One button answers (the first), however many are mounted; never one behind a dialog.
      if (!isPrintKey(e) || e.defaultPrevented || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const first = document.querySelector<HTMLButtonElement>('[data-print-paper]:not(:disabled)');
      if (!first) return;
      e.preventDefault();
      first.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button
      type="button"
      className="receipt-reprint"
      disabled={busy || targets.length === 0}
      onClick={go}
      data-print-paper=""
      data-testid={testId}
    >
      {props.label ?? `${t('printPaper')} ${paperNames(t, targets, [])}`} <kbd>{PRINT_PAPER_KEY.label}</kbd>
    </button>
  );
}
