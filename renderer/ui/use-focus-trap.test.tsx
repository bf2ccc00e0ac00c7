// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusTrap } from './use-focus-trap.js';

afterEach(cleanup);

function Modal(props: { readonly name: string; readonly children?: ReactNode }) {
  const trap = useFocusTrap();
  return (
    <div className="dialog-backdrop" data-testid={`${props.name}-backdrop`}>
      <div ref={trap} role="dialog" aria-modal="true" aria-label={props.name}>
        {/* biome-ignore lint/a11y/noAutofocus: the dialogs of the till focus their first field. */}
        <input autoFocus data-testid={`${props.name}-first`} />
        <button type="button" data-testid={`${props.name}-middle`}>
          middle
        </button>
        <button type="button" hidden data-testid={`${props.name}-hidden`}>
          hidden
        </button>
        <button type="button" data-testid={`${props.name}-last`}>
          last
        </button>
        {props.children}
      </div>
    </div>
  );
}

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid;
const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
/** The trap judges stray focus once the event that moved it is over. */
const settle = () => act(async () => {});

function Till(props: { readonly outer: boolean; readonly inner?: boolean; readonly sibling?: boolean }) {
  return (
    <>
      <input data-testid="scan" />
      {props.outer ? <Modal name="outer">{props.inner ? <Modal name="inner" /> : null}</Modal> : null}
      {props.sibling ? <Modal name="manager" /> : null}
    </>
  );
}

describe('the focus trap of a modal', () => {
  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    render(<Modal name="one" />);
    expect(focused()).toBe('one-first');
    expect(tab(true)).toBe(false);
    expect(focused()).toBe('one-last');
    expect(tab()).toBe(false);
    expect(focused()).toBe('one-first');
  });

  it('leaves Tab between the controls inside to the browser', () => {
    render(<Modal name="one" />);
    expect(tab()).toBe(true);
    expect(focused()).toBe('one-first');
  });

  it('brings focus that lands behind the dialog back to the control that had it', async () => {
    render(<Till outer />);
    screen.getByTestId('outer-middle').focus();
    screen.getByTestId('scan').focus();
    await settle();
    expect(focused()).toBe('outer-middle');
  });

  it('brings it to the first control when the one that had it has since been disabled', async () => {
    render(<Till outer />);
    const middle = screen.getByTestId('outer-middle') as HTMLButtonElement;
    middle.focus();
    middle.disabled = true;
    screen.getByTestId('scan').focus();
    await settle();
    expect(focused()).toBe('outer-first');
  });

  it('keeps a click on the backdrop from taking the focus', () => {
    render(<Till outer />);
    expect(fireEvent.mouseDown(screen.getByTestId('outer-backdrop'))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByTestId('outer-last'))).toBe(true);
  });

  it('traps within the question asked over a dialog, and in the dialog again once it is answered', async () => {
    const { rerender } = render(<Till outer />);
    screen.getByTestId('outer-last').focus();
    rerender(<Till outer inner />);
    expect(focused()).toBe('inner-first');
    screen.getByTestId('inner-last').focus();
    tab();
    expect(focused()).toBe('inner-first');
    screen.getByTestId('outer-middle').focus();
    await settle();
    expect(focused()).toBe('inner-first');

    rerender(<Till outer />);
    await settle();
    expect(focused()).toBe('outer-last');
    tab();
    expect(focused()).toBe('outer-first');
  });

  it('traps within a modal opened beside another (the manager confirm), then in the one below', async () => {
    const { rerender } = render(<Till outer />);
    rerender(<Till outer sibling />);
    expect(focused()).toBe('manager-first');
    screen.getByTestId('outer-first').focus();
    await settle();
    expect(focused()).toBe('manager-first');
    tab(true);
    expect(focused()).toBe('manager-last');

    rerender(<Till outer />);
    await settle();
    expect(focused()).toBe('outer-first');
    tab(true);
    expect(focused()).toBe('outer-last');
  });

  it('gives focus back to the scan field when the dialog closes', async () => {
    const { rerender } = render(<Till outer={false} />);
    screen.getByTestId('scan').focus();
    rerender(<Till outer />);
    expect(focused()).toBe('outer-first');
    rerender(<Till outer={false} />);
    await settle();
    expect(focused()).toBe('scan');
  });

  it('gives nothing back when what had focus is gone, and leaves the page free', async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      return open ? (
        <>
          <Modal name="one" />
          <button type="button" data-testid="after" onClick={() => setOpen(false)}>
            after
          </button>
        </>
      ) : (
        <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
          open
        </button>
      );
    }
    render(<Gone />);
    screen.getByTestId('opener').focus();
    fireEvent.click(screen.getByTestId('opener'));
    expect(focused()).toBe('one-first');
    fireEvent.click(screen.getByTestId('after'));
    await settle();
    expect(screen.queryByTestId('opener')).not.toBeNull();
    expect(tab()).toBe(true);
  });

  it('keeps the autoFocus control focused under StrictMode, which runs effects twice', async () => {
    render(
      <StrictMode>
        <Till outer={false} />
        <Modal name="strict" />
      </StrictMode>,
    );
    await settle();
    expect(focused()).toBe('strict-first');
  });
});
