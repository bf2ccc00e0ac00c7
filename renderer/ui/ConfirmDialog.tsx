import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usCharacter } from '../features/sale/keyboard-layout.js';
import { EntryTimer } from '../features/sale/scanner.js';
import { Modal } from './Modal.js';

/** A scanner's Enter follows its characters within this; a person's Enter to confirm does not. */
const SCAN_ENTER_MS = 300;

/**
 * A modal question. The focus starts on the blue button, so Enter does what it says and Escape
 * cancels; Tab reaches the other answers and never leaves the question. A barcode scanned while the question is open must not
 * answer it: characters do nothing here, and an Enter right after them (the end of a scan) is
 * swallowed. A screen that gives `onScan` gets each such scan, to hold and apply after the answer
 * (the sale's age question: the scans behind it are the customer's next goods).
 */
export function ConfirmDialog(props: {
  readonly title: string;
  readonly children: ReactNode;
  readonly confirmLabel?: string;
  /** What going back is called, when "Cancel" would be ambiguous (e.g. "Cancel receipt?"). */
  readonly cancelLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly busy?: boolean;
  /** A third answer, between going back and the blue button; never the one Enter gives. */
  readonly alternative?: { readonly label: string; readonly onClick: () => void; readonly testId: string };
  /** Test ids of the two buttons, when a screen names its answers (default `confirm`, `confirm-cancel`). */
  readonly confirmTestId?: string;
  readonly cancelTestId?: string;
  /** A scan that arrived while the question was open: its characters as the scanner meant them. */
  readonly onScan?: (code: string) => void;
  /**
   * The start of a scan the focus left behind as the question opened (what the code field holds),
   * taken, and emptied there, when the rest of the scan arrives here.
   */
  readonly takeScanStart?: () => string;
}) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  const lastChar = useRef(Number.NEGATIVE_INFINITY);
  const scan = useRef({ timer: new EntryTimer(), start: '', text: '' });
  useEffect(() => {
    confirm.current?.focus();
  }, []);
  return (
    <Modal
      role="alertdialog"
      aria-label={props.title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onCancel();
        } else if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && e.key !== ' ') {
          lastChar.current = e.timeStamp;
          e.preventDefault();
          if (props.onScan && scan.current.text === '') scan.current.start = props.takeScanStart?.() ?? '';
          scan.current.timer.key(e.key, e.timeStamp, false, usCharacter(e.code, e.shiftKey));
          scan.current.text += e.key;
        } else if (e.key === 'Enter' && e.timeStamp - lastChar.current < SCAN_ENTER_MS) {
          e.preventDefault();
          e.stopPropagation();
          // The end of a scan: the scanner's own characters (the layout's read back), held by the screen.
          const { text } = scan.current.timer.finish(e.timeStamp, scan.current.text);
          const code = `${scan.current.start}${text}`.trim();
          scan.current = { timer: new EntryTimer(), start: '', text: '' };
          if (code !== '') props.onScan?.(code);
        }
      }}
    >
      <h2>{props.title}</h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" onClick={props.onCancel} data-testid={props.cancelTestId ?? 'confirm-cancel'}>
          {props.cancelLabel ?? t('common:actions.cancel')}
        </button>
        {props.alternative ? (
          <button type="button" disabled={props.busy} onClick={props.alternative.onClick} data-testid={props.alternative.testId}>
            {props.alternative.label}
          </button>
        ) : null}
        <button
          type="button"
          ref={confirm}
          className="primary"
          disabled={props.busy}
          onClick={props.onConfirm}
          data-testid={props.confirmTestId ?? 'confirm'}
        >
          {props.confirmLabel ?? t('common:actions.confirm')}
        </button>
      </div>
    </Modal>
  );
}
