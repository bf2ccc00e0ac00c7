import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskExample, stampFormatProblem } from '../../../../shared/excise/stamp-format.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { StampResult } from '../actions/types.js';
import { usCharacter } from '../keyboard-layout.js';
import { type SaleLine, unitsOf } from '../sale-lines.js';
import { EntryTimer } from '../scanner.js';
import { Dialog } from './Dialog.js';

interface Said {
  readonly kind: StampResult['kind'] | 'typed' | 'typeFirst' | 'product';
  readonly stamp: string;
  readonly queued?: boolean;
  readonly error?: unknown;
}

const isDuplicate = (error: unknown): boolean =>
  ((error as { details?: { reason?: string }[] } | undefined)?.details ?? []).some((d) =>
    d.reason?.startsWith('excise.duplicate'),
  );

const MESSAGE: Record<Said['kind'], string> = {
  added: 'stamp.added',
  empty: 'stamp.label',
  here: 'stamp.here',
  refused: 'stamp.refused',
  unknown: 'stamp.unknown',
  failed: 'stamp.failed',
  typed: 'stamp.typed',
  typeFirst: 'stamp.typeFirst',
  notStamp: 'stamp.notStamp',
  product: 'stamp.product',
};

/**
 * One excise stamp per unit, scanned. A stamp that was typed rather than scanned is not taken
 * on Enter: typing one is a separate, confirmed act, because duplicates typed by hand were fined.
 * Only what has a stamp's format is a stamp (shared/excise/stamp-format.ts): a product's barcode
 * scanned here is the next item for the sale (it goes there, the scan is not lost), and a number
 * or anything else is said not to be a stamp, and nothing is sent.
 */
export function StampDialog(props: {
  readonly line: SaleLine;
  readonly masks: readonly string[];
  readonly onAdd: (stamp: string, manual: boolean) => Promise<StampResult>;
  /** A product's barcode came in: it is scanned into the sale. */
  readonly onProduct: (code: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef(new EntryTimer());
  const [said, setSaid] = useState<Said | null>(null);
  const [confirming, setConfirming] = useState('');
  const [busy, setBusy] = useState(false);
  const units = unitsOf(props.line);

  /** Stamps are sent one after another, in the order they came: a quick second scan waits its turn. */
  const line = useRef<Promise<void>>(Promise.resolve());
  const add = (stamp: string, manual: boolean) => {
    line.current = line.current.then(() => addNow(stamp, manual));
    return line.current;
  };
  const addNow = async (stamp: string, manual: boolean) => {
    setBusy(true);
    const result = await props.onAdd(stamp, manual);
    setBusy(false);
    const product = result.kind === 'notStamp' && (result.problem === 'barcode' || result.problem === 'product');
    setSaid({
      kind: product ? 'product' : result.kind,
      stamp,
      queued: result.kind === 'added' && result.queued,
      error: 'error' in result ? result.error : undefined,
    });
    if (product) props.onProduct(stamp);
    // A stamp typed by hand stays for correcting unless it was taken (a scan was cleared at its Enter).
    if (manual && result.kind === 'added' && input.current) input.current.value = '';
    input.current?.focus();
  };

  /** Typed by hand: what is not a stamp is said at once, before any confirmation is asked. */
  const typedStamp = (stamp: string): boolean => {
    if (stampFormatProblem(stamp, props.masks) === undefined) return true;
    void add(stamp, true);
    return false;
  };

  return (
    <Dialog
      title={t('stamp.title', { name: props.line.name })}
      testId="stamp-dialog"
      onClose={props.onClose}
      actions={
        <>
          <button
            type="button"
            data-testid="stamp-manual"
            disabled={busy}
            onClick={() => {
              const typed = input.current?.value.trim() ?? '';
              if (typed === '') {
                setSaid({ kind: 'typeFirst', stamp: '' });
                input.current?.focus();
              } else if (typedStamp(typed)) setConfirming(typed);
            }}
          >
            {t('stamp.manual')}
          </button>
          <button type="button" onClick={props.onClose} data-testid="stamp-later">
            {t('stamp.later')}
          </button>
        </>
      }
    >
      <p className="stamp-progress" data-testid="stamp-progress">
        {t('stamp.progress', { n: Math.min(props.line.stamps.length + 1, units), of: units })}
      </p>
      <div className="field">
        <label htmlFor="sale-stamp">{t('stamp.label')}</label>
        <input
          id="sale-stamp"
          ref={input}
          className="scan-input"
          data-testid="stamp-input"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          aria-busy={busy}
          onInput={(e) => {
            // A field emptied starts a new entry: the next scan is judged on its own keys.
            if (e.currentTarget.value === '') return timer.current.reset();
            const type = (e.nativeEvent as InputEvent).inputType;
            if (type !== 'insertText' && type !== 'deleteContentBackward') timer.current.edit();
          }}
          onKeyDown={(e) => {
            timer.current.key(e.key, e.timeStamp, e.currentTarget.value === '', usCharacter(e.code, e.shiftKey));
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const { kind, text } = timer.current.finish(e.timeStamp, e.currentTarget.value);
            const stamp = text.trim();
            if (stamp === '') return;
            if (kind === 'scan') {
              // Cleared at once: the scanner's next stamp may already be coming, and must not be appended or wiped.
              e.currentTarget.value = '';
              void add(stamp, false);
            } else if (typedStamp(stamp)) setSaid({ kind: 'typed', stamp });
          }}
        />
      </div>
      {said ? <StampMessage said={said} masks={props.masks} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('stamp.manualTitle')}
          confirmLabel={t('stamp.manualConfirm')}
          onCancel={() => {
            setConfirming('');
            input.current?.focus();
          }}
          onConfirm={() => {
            const stamp = confirming;
            setConfirming('');
            void add(stamp, true);
          }}
        >
          <p>{t('stamp.manualBody', { stamp: confirming })}</p>
        </ConfirmDialog>
      ) : null}
    </Dialog>
  );
}

/** What became of the last stamp, in the cashier's words and colour. */
function StampMessage(props: { readonly said: Said; readonly masks: readonly string[] }) {
  const { t } = useTranslation('sale');
  const { said } = props;
  const example = maskExample(props.masks[0] ?? '');
  // A stamp the back office has seen before is a duplicate (its reason says so); any other refusal is worded by its reason.
  const key = said.queued
    ? 'stamp.queued'
    : said.kind === 'refused' && !isDuplicate(said.error)
      ? 'stamp.refusedOther'
      : MESSAGE[said.kind];
  const tone = said.kind === 'added' || said.kind === 'product' ? 'ok' : said.kind === 'typed' ? 'warn' : 'bad';
  return (
    <div className={`stamp-message ${tone}`} role="alert" data-testid="stamp-message" data-kind={said.kind}>
      <p>{t(key, { stamp: said.stamp, example })}</p>
      {said.error ? <ErrorMessage error={said.error} testId="stamp-reason" /> : null}
    </div>
  );
}
