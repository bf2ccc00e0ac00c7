// @vitest-environment happy-dom
/**
 * The weigh dialog with a scale set up: "Зважування…" while the scale is asked, the stable weight in
 * the field for the cashier to confirm with Enter, the scale's refusal said in Ukrainian with a
 * retry, typing still possible; with no scale nothing is asked.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScaleRead } from '../../../../shared/bridge/api.js';
import { initI18n } from '../../../i18n/i18n.js';
import { QuantityDialog } from './QuantityDialog.js';

// The renderer keeps the bridge it found first, so one bridge serves every test, its answers swapped.
let current: () => Promise<ScaleRead> = () => new Promise(() => undefined);
beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: { scaleRead: () => current() }, configurable: true });
});
afterEach(cleanup);

function scale(...answers: ScaleRead[]) {
  const pending: ((r: ScaleRead) => void)[] = [];
  const scaleRead = vi.fn(() => new Promise<ScaleRead>((resolve) => pending.push(resolve)));
  current = scaleRead;
  return {
    scaleRead,
    answer: async () => {
      const r = answers.shift() as ScaleRead;
      await act(async () => pending.shift()?.(r));
    },
  };
}

const dialog = (onApply = vi.fn(), withScale = true) =>
  render(
    <QuantityDialog
      mode="weigh"
      name="Яблука"
      unit="кг"
      weighted
      initial=""
      scale={withScale}
      onApply={onApply}
      onClose={() => undefined}
    />,
  );

describe('the weigh dialog with a scale', () => {
  it('waits for the stable weight and lets Enter confirm it', async () => {
    const s = scale({ ok: true, kg: '1.234' });
    const onApply = vi.fn();
    dialog(onApply);
    expect(screen.getByTestId('scale-state').textContent).toBe('Зважування…');
    await s.answer();
    const input = screen.getByTestId('quantity-input') as HTMLInputElement;
    expect(input.value).toBe('1,234');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onApply.mock.calls[0]?.[0].toFixed(3)).toBe('1.234');
  });

  it('says an unstable weight in Ukrainian and weighs again on request', async () => {
    const s = scale({ ok: false, reason: 'unstable', detail: '' }, { ok: true, kg: '0.500' });
    dialog();
    await s.answer();
    expect(screen.getByTestId('scale-state').textContent).toContain('Вага не встановилась');
    expect((screen.getByTestId('quantity-input') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('scale-retry'));
    await s.answer();
    expect((screen.getByTestId('quantity-input') as HTMLInputElement).value).toBe('0,500');
    expect(s.scaleRead).toHaveBeenCalledTimes(2);
  });

  it('keeps what the cashier typed over a late weight', async () => {
    const s = scale({ ok: true, kg: '2.000' });
    dialog();
    fireEvent.change(screen.getByTestId('quantity-input'), { target: { value: '1,5' } });
    await s.answer();
    expect((screen.getByTestId('quantity-input') as HTMLInputElement).value).toBe('1,5');
  });

  it('asks nothing with no scale', () => {
    const s = scale();
    dialog(vi.fn(), false);
    expect(s.scaleRead).not.toHaveBeenCalled();
    expect(screen.queryByTestId('scale-state')).toBeNull();
  });
});
