/**
 * Papers on the screen: before printing (Enter prints them in order, Esc does not: "ask each
 * time", and every paper a screen asks for), as the customer's e-receipt, or after a print that
 * failed (Enter tries again). A paper still waiting for its fiscal number is read again every few
 * seconds, so the screen shows the number (and a receipt's QR code) as soon as the tax server
 * gives it, and Enter then prints the whole paper.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/index.js';
import { printParams, type ReceiptTarget, receiptOf } from '../../../shared/paper/receipt.js';
import { type ReportTarget, reportOf, reportParams } from '../../../shared/paper/report.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Modal } from '../../ui/Modal.js';
import { PaperView } from './PaperView.js';
import { isReportTarget, type Paper, type PaperTarget, paperKey, paperMode } from './paper.js';
import { paperNames } from './paper-names.js';
import { printOrSay } from './print-flow.js';
import { type Shown, useReceipt } from './receipt-store.js';

/** A scanner's Enter follows its characters within this (as in ui/ConfirmDialog): it never answers the dialog. */
const SCAN_ENTER_MS = 300;
const PENDING_REFRESH_MS = 2000;

type Fresh = (paper: Paper) => void;

interface LiveProps<T> {
  readonly target: T;
  /** The paper as it is now: read again only while it waits for its number. */
  readonly paper: Paper;
  /** The paper as it was first read (a receipt's shop header and footer are not read again). */
  readonly initial: Paper;
  readonly onFresh: Fresh;
}

/** A receipt-class paper, brought up to date while it waits for its fiscal number. */
function LiveReceipt({ target, paper, initial, onFresh }: LiveProps<ReceiptTarget>) {
  const pending = paperMode(paper) === 'pending';
  const fresh = useRead(op.pos.receiptPrint, printParams(target), {
    enabled: pending,
    refetchInterval: pending ? PENDING_REFRESH_MS : false,
  });
  useEffect(() => {
    if (initial.kind !== 'receipt' || !fresh.data) return;
    const again = receiptOf(rowsOf(fresh.data), []);
    if (again)
      onFresh({ kind: 'receipt', receipt: { ...again, header: initial.receipt.header, footer: initial.receipt.footer } });
  }, [fresh.data, initial, onFresh]);
  return null;
}

/** A Z-report's paper, brought up to date while it waits for its fiscal number. */
function LiveReport({ target, paper, onFresh }: LiveProps<ReportTarget>) {
  const pending = paperMode(paper) === 'pending';
  const fresh = useRead(op.pos.shiftReportPrint, reportParams(target), {
    enabled: pending,
    refetchInterval: pending ? PENDING_REFRESH_MS : false,
  });
  useEffect(() => {
    const again = fresh.data ? reportOf(rowsOf(fresh.data)) : undefined;
    if (again) onFresh({ kind: 'report', report: again });
  }, [fresh.data, onFresh]);
  return null;
}

function Live(props: LiveProps<PaperTarget>) {
  const { target } = props;
  return isReportTarget(target) ? <LiveReport {...props} target={target} /> : <LiveReceipt {...props} target={target} />;
}

function titleKey(shown: Shown): string {
  if (shown.kind === 'failed') return 'title.failed';
  return shown.kind === 'preview' ? 'title.preview' : 'title.screen';
}

export function ReceiptDialog({ shown }: { shown: Shown }) {
  const { t } = useTranslation('receipt');
  const client = useQueryClient();
  const [papers, setPapers] = useState<readonly Paper[]>(shown.papers);
  // One callback per paper, kept, so a paper's refresh does not start the others' effects again.
  const onFresh = useRef(shown.targets.map((_, i) => (p: Paper) => setPapers((all) => all.map((x, j) => (j === i ? p : x)))));
  const action = useRef<HTMLButtonElement>(null);
  const lastChar = useRef(Number.NEGATIVE_INFINITY);
  const title = t(titleKey(shown), { what: paperNames(t, shown.targets, papers) });

  // The focus comes here; the trap gives it back where it was (the code field, the journal's row) after.
  useEffect(() => {
    action.current?.focus();
  }, []);

  const dismiss = () => useReceipt.getState().dismiss();
  const print = () => {
    dismiss();
    if (papers.length > 0) void printOrSay(client, { targets: shown.targets, papers });
  };
  const printable = shown.kind !== 'screen' && papers.length > 0;
  const pending = papers.some((p) => paperMode(p) === 'pending');
  const offline = papers.some((p) => paperMode(p) === 'offline');

  return (
    <Modal
      className="receipt-dialog"
      role="dialog"
      aria-label={title}
      data-testid="receipt-dialog"
      data-kind={shown.kind}
      data-papers={shown.targets.map(paperKey).join(', ')}
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
      <h2>{title}</h2>
      <div className="dialog-body receipt-dialog-body">
        {shown.kind === 'failed' ? (
          <div className="receipt-failure" role="alert" data-testid="receipt-failure" data-failure={shown.failure}>
            <p>{t(`failure.${shown.failure}`, { printer: shown.printer })}</p>
            {shown.failure === 'load' ? <ErrorMessage error={shown.error} /> : null}
            {/* A sale's or a return's receipt is in the journal; the other papers are where they were asked for. */}
            <p>{t(shown.targets.every((x) => 'checkNumber' in x || 'returnId' in x) ? 'later' : 'laterPaper')}</p>
          </div>
        ) : null}
        {pending ? (
          <p className="receipt-note" data-testid="receipt-pending">
            {t('pending')}
          </p>
        ) : null}
        {offline ? <p className="receipt-note">{t('offline')}</p> : null}
        {papers.length > 0 ? (
          <div className="receipt-screen">
            {papers.map((p, i) => {
              const target = shown.targets[i] as PaperTarget;
              return (
                <div key={paperKey(target)} className="receipt-screen-paper">
                  <Live target={target} paper={p} initial={shown.papers[i] as Paper} onFresh={onFresh.current[i] as Fresh} />
                  <PaperView paper={p} width={shown.width} />
                </div>
              );
            })}
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
    </Modal>
  );
}
