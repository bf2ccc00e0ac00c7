// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Dialog } from './Dialog.js';

beforeAll(() => {
  initI18n('uk');
});
afterEach(cleanup);

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid;
const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

function Sale(props: { readonly open: boolean; readonly asking?: boolean; readonly onClose?: () => void }) {
  return (
    <>
      <input data-testid="code" />
      {props.open ? (
        <Dialog
          title="Кількість"
          testId="quantity-dialog"
          onClose={props.onClose ?? (() => undefined)}
          actions={
            <button type="button" data-testid="quantity-ok">
              OK
            </button>
          }
        >
          <input autoFocus data-testid="quantity" />
          {props.asking ? (
            <ConfirmDialog title="Точно?" onConfirm={() => undefined} onCancel={() => undefined}>
              <p>?</p>
            </ConfirmDialog>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}

describe('a dialog of the sale and the keyboard', () => {
  it('keeps Tab and Shift+Tab inside, so a scan cannot reach the code field behind', () => {
    render(<Sale open />);
    expect(focused()).toBe('quantity');
    screen.getByTestId('quantity-ok').focus();
    tab();
    expect(focused()).toBe('quantity');
    tab(true);
    expect(focused()).toBe('quantity-ok');
  });

  it('still closes on Escape, and gives the code field its focus back', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<Sale open={false} />);
    screen.getByTestId('code').focus();
    rerender(<Sale open onClose={onClose} />);
    fireEvent.keyDown(screen.getByTestId('quantity'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<Sale open={false} />);
    await act(async () => {});
    expect(focused()).toBe('code');
  });

  it('lets a question asked over it keep Tab to its own answers, then takes it back', async () => {
    const { rerender } = render(<Sale open />);
    rerender(<Sale open asking />);
    expect(focused()).toBe('confirm');
    tab();
    expect(focused()).toBe('confirm-cancel');
    tab(true);
    expect(focused()).toBe('confirm');
    rerender(<Sale open />);
    await act(async () => {});
    expect(focused()).toBe('quantity');
    screen.getByTestId('quantity-ok').focus();
    tab();
    expect(focused()).toBe('quantity');
  });
});
