/**
 * A modal of the key screen and the shift's unlock step: a form, so Enter in any field does what the
 * blue button says; Escape goes back (not while the service is opening the key, whose answer the
 * dialog is waiting for); Tab stays inside (useFocusTrap). The control marked `data-autofocus`
 * takes the focus as it opens.
 */
import { type ReactNode, useEffect } from 'react';
import { useFocusTrap } from '../../../ui/use-focus-trap.js';

export function KeyDialog(props: {
  readonly title: string;
  readonly testId: string;
  readonly busy: boolean;
  readonly onSubmit: () => void;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly actions: ReactNode;
  /** Room for three buttons in a row (the shift's step: cancel, open without signing, unlock and open). */
  readonly wide?: boolean;
}) {
  const trap = useFocusTrap<HTMLFormElement>();
  useEffect(() => {
    trap.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [trap]);
  return (
    <div className="dialog-backdrop">
      <form
        ref={trap}
        className={props.wide ? 'dialog key-dialog wide' : 'dialog key-dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        aria-busy={props.busy}
        data-testid={props.testId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.busy) props.onSubmit();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          if (!props.busy) props.onClose();
        }}
      >
        <h2>{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="dialog-actions">{props.actions}</div>
      </form>
    </div>
  );
}
