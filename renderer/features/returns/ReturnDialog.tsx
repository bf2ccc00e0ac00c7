/**
 * The return, opened from the receipts journal (F6) over it, or on the sale screen by scanning the
 * QR code of the customer's receipt: find the receipt (its number, the one open in the journal, or
 * the QR code's link), then choose what goes back.
 * Escape closes it from anywhere but an open question, which Escape answers first.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { Loading } from '../../ui/Loading.js';
import { Modal } from '../../ui/Modal.js';
import { DEFAULT_TIME_ZONE } from '../../ui/shop-time.js';
import { usePrintReceipt } from '../receipt/index.js';
import { FindReceipt } from './FindReceipt.js';
import { type ConfirmWithManager, confirmWithManager as defaultConfirm, type OnReturned } from './integration.js';
import { KEYS } from './keys.js';
import { ReturnForm } from './ReturnForm.js';
import './returns.css';

interface Props {
  /** The receipt the journal has open ('' for none): the return starts on it. */
  readonly initial: string;
  readonly onClose: () => void;
  readonly confirmWithManager?: ConfirmWithManager;
  readonly onReturned?: OnReturned;
}

export function ReturnDialog({ initial, onClose, ...props }: Props) {
  // The return receipt is produced as a sale's is: printed, previewed or shown as the settings say.
  const print = usePrintReceipt();
  const { t } = useTranslation('returns');
  const settings = useSettings();
  const start = /^\d{1,10}$/.test(initial) ? Number(initial) : null;
  const [checkNumber, setCheckNumber] = useState<number | null>(start);
  // A new return starts with an empty field, not on the receipt just returned.
  const [findText, setFindText] = useState(initial);

  return (
    <Modal
      className="returns-dialog"
      role="dialog"
      aria-labelledby="returns-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
      data-testid="return-dialog"
    >
      <header className="returns-head">
        <h2 id="returns-title">{t('title')}</h2>
        <button type="button" onClick={onClose} data-testid="return-close">
          <kbd>Esc</kbd> {t('close')}
        </button>
      </header>
      {settings.data ? (
        checkNumber === null ? (
          <FindReceipt initial={findText} onFound={setCheckNumber} />
        ) : (
          <ReturnForm
            key={checkNumber}
            checkNumber={checkNumber}
            kasm={settings.data.till.kasm}
            timeZone={settings.data.timeZone || DEFAULT_TIME_ZONE}
            confirmWithManager={props.confirmWithManager ?? defaultConfirm}
            onReturned={props.onReturned ?? ((returnId) => void print({ returnId }))}
            onOther={() => {
              setFindText('');
              setCheckNumber(null);
            }}
          />
        )
      ) : settings.error ? (
        <ErrorMessage error={settings.error} />
      ) : (
        <Loading />
      )}
      <KeyHints
        className="returns-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </Modal>
  );
}
