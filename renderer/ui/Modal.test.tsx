// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal.js';

afterEach(cleanup);

describe('the one modal frame', () => {
  it('is a modal dialog over the dimmed screen, carrying what the dialog gives it', () => {
    const { container } = render(
      <Modal className="receipt-dialog" aria-label="Чек" data-testid="m" data-kind="sale">
        <button type="button">OK</button>
      </Modal>,
    );
    const box = screen.getByTestId('m');
    expect(container.firstElementChild?.className).toBe('dialog-backdrop');
    expect([box.getAttribute('role'), box.getAttribute('aria-modal'), box.className, box.dataset.kind]).toEqual([
      'dialog',
      'true',
      'dialog receipt-dialog',
      'sale',
    ]);
    expect(screen.getByRole('dialog', { name: 'Чек' })).toBe(box);
  });

  it('asks as an alert dialog when told so', () => {
    render(
      <Modal role="alertdialog" aria-label="Скасувати чек?">
        <p>?</p>
      </Modal>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Скасувати чек?' }).className).toBe('dialog');
  });
});
