import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal question: Enter confirms, Escape cancels, focus starts on Cancel (a slip of Enter is safe). */
export function ConfirmDialog(props: {
  readonly title: string;
  readonly children: ReactNode;
  readonly confirmLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly busy?: boolean;
}) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-label={props.title}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel();
        }}
      >
        <h2>{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="dialog-actions">
          <button type="button" ref={cancel} onClick={props.onCancel}>
            {t('common:actions.cancel')}
          </button>
          <button type="button" className="primary" disabled={props.busy} onClick={props.onConfirm} data-testid="confirm">
            {props.confirmLabel ?? t('common:actions.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
