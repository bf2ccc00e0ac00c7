import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { StampResult } from '../sale-actions.js';
import { type SaleLine, unitsOf } from '../sale-lines.js';
import { EntryTimer } from '../scanner.js';
import { Dialog } from './Dialog.js';

interface Said {
  readonly kind: StampResult['kind'] | 'typed';
  readonly stamp: string;
  readonly queued?: boolean;
  readonly error?: unknown;
}

const MESSAGE: Record<Said['kind'], string> = {
  added: 'stamp.added',
  empty: 'stamp.label',
  here: 'stamp.here',
  refused: 'stamp.refused',
  unknown: 'stamp.unknown',
  failed: 'stamp.failed',
  typed: 'stamp.typed',
};

/**
 * One excise stamp per unit, scanned. A stamp that was typed rather than scanned is not taken
 * on Enter: typing one is a separate, confirmed act, because duplicates typed by hand were fined.
 */
export function StampDialog(props: {
  readonly line: SaleLine;
  readonly onAdd: (stamp: string, manual: boolean) => Promise<StampResult>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef(new EntryTimer());
  const [said, setSaid] = useState<Said | null>(null);
  const [confirming, setConfirming] = useState('');
  const [busy, setBusy] = useState(false);
  const units = unitsOf(props.line);

  const add = async (stamp: string, manual: boolean) => {
    if (busy) return;
    setBusy(true);
    const result = await props.onAdd(stamp, manual);
    setBusy(false);
    setSaid({
      kind: result.kind,
      stamp,
      queued: result.kind === 'added' && result.queued,
      error: 'error' in result ? result.error : undefined,
    });
    // A scan starts afresh whatever came of it (the scanner's next stamp must not be appended);
    // a stamp typed by hand stays for correcting unless it was taken.
    if ((!manual || result.kind === 'added') && input.current) input.current.value = '';
    input.current?.focus();
  };

  // The service refuses a stamp it has seen before with INVALID_PARAMETER; anything else is another problem.
  const key = !said
    ? ''
    : said.queued
      ? 'stamp.queued'
      : said.kind === 'refused' && (said.error as { code?: string } | undefined)?.code !== 'INVALID_PARAMETER'
        ? 'stamp.refusedOther'
        : MESSAGE[said.kind];
  const tone = said?.kind === 'added' ? 'ok' : said?.kind === 'typed' ? 'warn' : 'bad';

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
              if (typed === '') input.current?.focus();
              else setConfirming(typed);
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
            const type = (e.nativeEvent as InputEvent).inputType;
            if (type !== 'insertText' && type !== 'deleteContentBackward') timer.current.edit();
          }}
          onKeyDown={(e) => {
            timer.current.key(e.key, e.timeStamp);
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const kind = timer.current.finish(e.timeStamp);
            const stamp = e.currentTarget.value.trim();
            if (stamp === '') return;
            if (kind === 'typed') setSaid({ kind: 'typed', stamp });
            else void add(stamp, false);
          }}
        />
      </div>
      {said ? (
        <div className={`stamp-message ${tone}`} role="alert" data-testid="stamp-message" data-kind={said.kind}>
          <p>{t(key, { stamp: said.stamp })}</p>
          {said.error ? <ErrorMessage error={said.error} testId="stamp-reason" /> : null}
        </div>
      ) : null}
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
