import type { ReactNode } from 'react';
import { Modal } from '../../../ui/Modal.js';

/**
 * A modal of the sale: Escape closes it; the first control inside takes focus (autoFocus there);
 * Tab stays inside (useFocusTrap).
 */
export function Dialog(props: {
  readonly title: string;
  readonly testId: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly actions: ReactNode;
}) {
  return (
    <Modal
      className="sale-dialog"
      role="dialog"
      aria-label={props.title}
      data-testid={props.testId}
      onKeyDown={(e) => {
        // A question asked over this dialog (ConfirmDialog) handles its own Escape.
        if (e.key !== 'Escape' || (e.target as HTMLElement).closest('[role="alertdialog"]')) return;
        e.stopPropagation();
        props.onClose();
      }}
    >
      <h2>{props.title}</h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">{props.actions}</div>
    </Modal>
  );
}
