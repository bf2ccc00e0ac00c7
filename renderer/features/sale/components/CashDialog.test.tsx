// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n.js';
import { dec } from '../../../money/money.js';
import { CashDialog } from './CashDialog.js';

beforeAll(() => {
  initI18n('uk');
});
afterEach(cleanup);

describe('the cash dialog', () => {
  it('starts at the total, so exact money is one Enter, and shows no change', () => {
    const onPay = vi.fn(async () => ({ kind: 'closed' as const }));
    render(<CashDialog total={dec('87.40')} due={dec('87.40')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    const given = screen.getByTestId('cash-given') as HTMLInputElement;
    expect(given.value).toBe('87,40');
    expect(screen.getByTestId('change').getAttribute('data-change')).toBe('0.00');
    fireEvent.keyDown(given, { key: 'Enter' });
    expect(onPay).toHaveBeenCalledWith(dec('87.40'));
  });

  it('follows the total while prices settle, and pays only once they have', () => {
    const onPay = vi.fn();
    const { rerender } = render(
      <CashDialog total={dec('87.40')} due={dec('87.40')} pricing onPay={onPay} onClose={() => undefined} />,
    );
    rerender(<CashDialog total={dec('81.28')} due={dec('81.28')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    expect((screen.getByTestId('cash-given') as HTMLInputElement).value).toBe('81,28');
    expect((screen.getByTestId('cash-pay') as HTMLButtonElement).disabled).toBe(false);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('holds an Enter given while prices settle, and pays the settled total once they have (issue 20)', () => {
    const onPay = vi.fn(async () => ({ kind: 'closed' }) as const);
    const { rerender } = render(
      <CashDialog total={dec('87.40')} due={dec('87.40')} pricing onPay={onPay} onClose={() => undefined} />,
    );
    fireEvent.keyDown(screen.getByTestId('cash-given'), { key: 'Enter' });
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getByTestId('cash-pay').dataset.held).toBe('true');
    expect(screen.getByTestId('cash-pricing').textContent).toBe('Оплату прийнято: чек закриється, щойно ціни підтвердяться.');
    rerender(<CashDialog total={dec('81.28')} due={dec('81.28')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    expect(onPay).toHaveBeenCalledWith(dec('81.28'));
  });

  it('shows the change as the amount is typed, exact to the kopeck', () => {
    render(<CashDialog total={dec('87.40')} due={dec('87.40')} pricing={false} onPay={vi.fn()} onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('cash-given'), { target: { value: '100,10' } });
    expect(screen.getByTestId('change').textContent).toBe('12,70\u00a0₴');
  });

  it('offers the exact total and the next banknotes, on buttons and Alt+1…', () => {
    const onPay = vi.fn(async () => ({ kind: 'closed' as const }));
    render(<CashDialog total={dec('87.40')} due={dec('87.40')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    const amounts = screen.getAllByTestId('quick-cash').map((b) => b.getAttribute('data-amount'));
    expect(amounts).toEqual(['87.40', '90.00', '100.00', '200.00', '500.00']);
    const given = screen.getByTestId('cash-given') as HTMLInputElement;
    fireEvent.click(screen.getAllByTestId('quick-cash')[2] as HTMLElement);
    expect(given.value).toBe('100,00');
    expect(screen.getByTestId('change').getAttribute('data-change')).toBe('12.60');
    fireEvent.keyDown(given, { key: '4', code: 'Digit4', altKey: true });
    expect(given.value).toBe('200,00');
    fireEvent.keyDown(given, { key: 'Enter' });
    expect(onPay).toHaveBeenCalledWith(dec('200'));
  });

  it('refuses less than the total, keeping what was typed and sending nothing', () => {
    const onPay = vi.fn();
    render(<CashDialog total={dec('87.40')} due={dec('87.40')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    const given = screen.getByTestId('cash-given') as HTMLInputElement;
    fireEvent.change(given, { target: { value: '50' } });
    fireEvent.keyDown(given, { key: 'Enter' });
    expect(onPay).not.toHaveBeenCalled();
    expect(given.value).toBe('50');
    expect(screen.getByRole('alert').textContent).toContain('Потрібно ще 37,40');
    expect((screen.getByTestId('cash-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('stays open and says why when the close does not happen', async () => {
    const refusal = { kind: 'problem' as const, problem: { kind: 'stamps' as const, name: 'Горілка', missing: 1 } };
    const onClose = vi.fn();
    render(<CashDialog total={dec('10')} due={dec('10')} pricing={false} onPay={async () => refusal} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('cash-pay'));
    expect((await screen.findByTestId('close-error')).textContent).toContain('бракує 1 акцизної марки');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the total rounded as cash is, says so, and gives change from the rounded amount', () => {
    const onPay = vi.fn(async () => ({ kind: 'closed' as const }));
    render(<CashDialog total={dec('12.57')} due={dec('12.50')} pricing={false} onPay={onPay} onClose={() => undefined} />);
    expect(screen.getByTestId('cash-total').textContent).toContain('12,50');
    expect(screen.getByTestId('cash-rounding').textContent).toContain('12,57');
    const given = screen.getByTestId('cash-given') as HTMLInputElement;
    expect(given.value).toBe('12,50');
    fireEvent.change(given, { target: { value: '20' } });
    expect(screen.getByTestId('change').getAttribute('data-change')).toBe('7.50');
    fireEvent.keyDown(given, { key: 'Enter' });
    expect(onPay).toHaveBeenCalledWith(dec('20'));
  });
});
