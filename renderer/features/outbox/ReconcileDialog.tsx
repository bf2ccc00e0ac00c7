/**
 * Marking an item reconciled is final (it is never sent again), so it is asked as a question
 * whose answer must say what was checked. Unlike ConfirmDialog, focus starts in the note: that is
 * what must be written; Ctrl+Enter confirms, Escape cancels.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Modal } from '../../ui/Modal.js';
import { labelOf } from './labels.js';

interface Props {
  readonly item: QueueItem;
  readonly busy: boolean;
  readonly error: unknown;
  readonly onConfirm: (note: string) => void;
  readonly onCancel: () => void;
}

export function ReconcileDialog({ item, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('outbox');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const blank = note.trim() === '';
  const confirm = () => {
    setTried(true);
    if (!blank && !busy) onConfirm(note.trim());
  };
  return (
    <Modal
      role="alertdialog"
      aria-labelledby="outbox-reconcile-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      data-testid="outbox-reconcile-dialog"
    >
      <h2 id="outbox-reconcile-title">{t('dialog.title', { id: item.id })}</h2>
      <p>{t('dialog.body', { label: labelOf(t, item) })}</p>
      <div className="field">
        <label htmlFor="outbox-note">{t('dialog.note')}</label>
        <textarea
          id="outbox-note"
          // biome-ignore lint/a11y/noAutofocus: the dialog is opened to write this note.
          autoFocus
          rows={3}
          maxLength={500}
          value={note}
          placeholder={t('dialog.notePlaceholder')}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.ctrlKey) {
              e.preventDefault();
              confirm();
            }
          }}
          aria-invalid={tried && blank ? true : undefined}
          aria-describedby={tried && blank ? 'outbox-note-problem' : undefined}
          data-testid="outbox-note"
        />
        {tried && blank ? (
          <span className="field-problem" id="outbox-note-problem" role="alert">
            {t('dialog.noteMissing')}
          </span>
        ) : null}
      </div>
      <ErrorMessage error={error} testId="outbox-reconcile-error" />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          <kbd>Esc</kbd> {t('common:actions.cancel')}
        </button>
        <button type="button" className="primary" disabled={busy} onClick={confirm} data-testid="outbox-reconcile-confirm">
          {t('dialog.confirm')} <kbd>Ctrl+Enter</kbd>
        </button>
      </div>
    </Modal>
  );
}
