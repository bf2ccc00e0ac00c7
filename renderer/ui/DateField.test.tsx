// @vitest-environment happy-dom
/** Issue 20: date fields followed the browser's locale (mm/dd/yyyy) instead of Ukrainian. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n.js';
import { DateField } from './DateField.js';
import { parseDateText } from './date-text.js';

beforeAll(() => initI18n('uk'));
afterEach(cleanup);

describe('a date typed at the till', () => {
  it('is day.month.year, or an ISO date pasted in', () => {
    expect(parseDateText('14.03.2026')).toEqual({ kind: 'date', iso: '2026-03-14' });
    expect(parseDateText('1.3.2026')).toEqual({ kind: 'date', iso: '2026-03-01' });
    expect(parseDateText('2026-03-14')).toEqual({ kind: 'date', iso: '2026-03-14' });
    expect(parseDateText('14.03.')).toEqual({ kind: 'partial' });
    expect(parseDateText('31.02.2026')).toEqual({ kind: 'invalid' });
    expect(parseDateText('')).toEqual({ kind: 'empty' });
  });

  it('shows Ukrainian in the field and hands the screen the ISO date once it is whole', () => {
    const onDate = vi.fn();
    render(<DateField label="З дати" value="2026-11-01" onDate={onDate} data-testid="d" />);
    const field = screen.getByTestId('d') as HTMLInputElement;
    expect(field.value).toBe('01.11.2026');
    expect(field.type).toBe('text');
    expect(field.placeholder).toBe('дд.мм.рррр');
    fireEvent.change(field, { target: { value: '14.03' } });
    expect(onDate).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '14.03.2026' } });
    expect(onDate).toHaveBeenLastCalledWith('2026-03-14');
    fireEvent.change(field, { target: { value: '31.02.2026' } });
    expect(screen.getByRole('alert').textContent).toContain('Такої дати немає');
    fireEvent.change(field, { target: { value: '' } });
    expect(onDate).toHaveBeenLastCalledWith('');
  });

  it("takes a date the screen sets itself, and says the screen's own problem", () => {
    const { rerender } = render(<DateField label="По дату" value="2026-11-01" onDate={() => undefined} data-testid="d" />);
    const field = screen.getByTestId('d') as HTMLInputElement;
    rerender(
      <DateField label="По дату" value="2026-11-28" onDate={() => undefined} problem="Раніше за початок" data-testid="d" />,
    );
    expect(field.value).toBe('28.11.2026');
    expect(screen.getByRole('alert').textContent).toContain('Раніше за початок');
    // No day of the calendar is said before the screen's own word.
    fireEvent.change(field, { target: { value: '31.02.2026' } });
    expect(screen.getByRole('alert').textContent).toContain('Такої дати немає');
  });
});
