/**
 * The one frame of every modal of the till: the dimmed backdrop, the box, `aria-modal`, and the
 * focus trapped inside (Tab never leaves it, useFocusTrap). What a dialog does with its keys
 * (Escape, a scan's Enter) stays the dialog's own, passed in as onKeyDown.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.js';

export interface ModalProps extends HTMLAttributes<HTMLDivElement> {
  /** `alertdialog` for a question that interrupts; `dialog` for a piece of work. */
  readonly role?: 'dialog' | 'alertdialog';
  readonly children: ReactNode;
  readonly [data: `data-${string}`]: string | number | boolean | undefined;
}

export function Modal({ role = 'dialog', className, children, ...rest }: ModalProps) {
  const trap = useFocusTrap();
  return (
    <div className="dialog-backdrop">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      <div ref={trap} className={className ? `dialog ${className}` : 'dialog'} role={role} aria-modal="true" {...rest}>
        {children}
      </div>
    </div>
  );
}
