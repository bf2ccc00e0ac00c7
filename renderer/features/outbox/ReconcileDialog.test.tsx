// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { ReconcileDialog } from './ReconcileDialog.js';

const item = {
  id: 7,
  summary: 'sale 1042: close',
  label: { key: 'saleClose', values: { count: '2', total: '58.30' } },
  method: 'pos.checkout_close_sale',
  state: 'refused',
} as unknown as QueueItem;

beforeAll(() => {
  initI18n('uk');
});
afterEach(cleanup);

function open() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<ReconcileDialog item={item} busy={false} error={null} onConfirm={onConfirm} onCancel={onCancel} />);
  return { onConfirm, onCancel, note: screen.getByTestId('outbox-note') };
}

describe('reconciling an outbox item', () => {
  it('starts in the note and names the item it settles', () => {
    const { note } = open();
    expect(document.activeElement).toBe(note);
    expect(screen.getByRole('alertdialog').textContent).toContain('Продаж: 2 позиції на 58,30\u00a0₴');
  });

  it('keeps Tab inside: Tab from the confirm button comes back to the note, Shift+Tab from the note to it', () => {
    const { note } = open();
    const confirm = screen.getByTestId('outbox-reconcile-confirm');
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(note);
    fireEvent.keyDown(note, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('is refused in words without a note, keeping the dialog open', () => {
    const { onConfirm, note } = open();
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('outbox-reconcile-confirm'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('без примітки');
  });

  it('is confirmed with Ctrl+Enter, with the note trimmed', () => {
    const { onConfirm, note } = open();
    fireEvent.change(note, { target: { value: '  чек є в журналі сервера  ' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    expect(onConfirm).toHaveBeenCalledWith('чек є в журналі сервера');
  });

  it('is cancelled with Escape', () => {
    const { onCancel, note } = open();
    fireEvent.keyDown(note, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });
});
