import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { Dec } from '../../money/money.js';
import { type ClockRow, clockOf, clockWords, hoursShown, leftShown } from './offline-clock.js';

const ONLINE: ClockRow = {
  register_mode: 'online',
  offline_since: '',
  offline_hours: '0.0',
  offline_session_limit: '36',
  offline_month_hours: '3.0',
  offline_month_limit: '168',
  offline_warning: '',
  offline_exhausted: '',
};
const offline = (over: Partial<ClockRow>): ClockRow => ({
  ...ONLINE,
  register_mode: 'offline',
  offline_since: '2025-03-14T12:05:00+02:00',
  ...over,
});
const NOW = new Date('2025-03-15T18:05:00Z');
const words = (row: ClockRow, language: 'uk' | 'en' = 'uk') => {
  const clock = clockOf(row);
  if (clock.kind === 'online') throw new Error('online');
  i18next.changeLanguage(language);
  return clockWords(i18next.t, clock, language, 'Europe/Kyiv', NOW);
};

beforeAll(() => {
  initI18n('uk');
});

describe('the offline clock', () => {
  it('shows nothing while the register reaches the tax server', () => {
    expect(clockOf(ONLINE)).toEqual({ kind: 'online' });
    expect(clockOf(undefined)).toEqual({ kind: 'online' });
  });

  it('says since when and how much of the session and of the month is used while offline', () => {
    const row = offline({ offline_hours: '2.5', offline_month_hours: '12.5' });
    expect(clockOf(row)).toMatchObject({ kind: 'offline', limit: 'session' });
    expect(words(row).text).toBe("Немає зв'язку з податковою з 14.03 12:05:00: офлайн 2,5 год з 36, цього місяця 12 з 168");
  });

  it('warns in plain words before the session limit, saying when selling stops', () => {
    const row = offline({ offline_hours: '30.0', offline_month_hours: '40.0', offline_warning: 'session' });
    expect(clockOf(row)).toMatchObject({ kind: 'warning', limit: 'session' });
    expect(words(row).text).toBe(
      "Каса працює без зв'язку з податковою 30 год з 36: відновіть зв'язок, інакше через 6 год продаж зупиниться",
    );
    expect(words(row, 'en').text).toBe(
      'The till has worked without the tax server for 30 h of 36: restore the connection, or selling stops in 6 h',
    );
  });

  it('warns about the month when the month is nearer its limit, counting its hours', () => {
    const row = offline({ offline_hours: '4.2', offline_month_hours: '150.3', offline_warning: 'month' });
    expect(words(row).text).toBe(
      "Цього місяця каса вже 150 год з 168 працювала без зв'язку з податковою: відновіть зв'язок, інакше через 17 год продаж зупиниться",
    );
  });

  it('counts the last hour in minutes, never promising more time than is left', () => {
    const row = offline({ offline_hours: '35.1', offline_warning: 'session' });
    expect(words(row).text).toContain('інакше через 54 хв продаж зупиниться');
    expect(leftShown(new Dec('5.95'))).toEqual({ unit: 'hours', value: 5 });
    expect(leftShown(new Dec('0.01'))).toEqual({ unit: 'minutes', value: 0 });
  });

  it('says that selling has stopped once a limit is reached, and which one', () => {
    const session = offline({ offline_hours: '36.0', offline_warning: 'session', offline_exhausted: 'session' });
    expect(clockOf(session)).toMatchObject({ kind: 'exhausted', limit: 'session' });
    expect(words(session).text).toMatch(/^Продаж зупинено: каса 36 год працює без зв'язку з податковою/);
    const month = offline({ offline_hours: '3.0', offline_month_hours: '168.0', offline_exhausted: 'month' });
    expect(clockOf(month)).toMatchObject({ kind: 'exhausted', limit: 'month' });
    expect(words(month).text).toMatch(/^Продаж зупинено: цього місяця каса вже 168 год/);
  });

  it('follows the limits the shop configured, not the defaults', () => {
    const row = offline({ offline_hours: '0.3', offline_session_limit: '1', offline_warning: 'session' });
    expect(words(row).text).toBe(
      "Каса працює без зв'язку з податковою 0,3 год з 1: відновіть зв'язок, інакше через 42 хв продаж зупиниться",
    );
  });

  it('reads hours with one decimal below ten and whole above, in the language of the interface', () => {
    expect(hoursShown(new Dec('2.57'))).toBe('2,5');
    expect(hoursShown(new Dec('2.57'), 'en')).toBe('2.5');
    expect(hoursShown(new Dec('12.9'))).toBe('12');
    expect(hoursShown(new Dec('0'))).toBe('0');
  });

  it('puts the session and the month in the title, whichever limit the sentence is about', () => {
    const row = offline({ offline_hours: '4.0', offline_month_hours: '150.0', offline_warning: 'month' });
    expect(words(row).title).toContain('4 год з 36');
    expect(words(row).title).toContain('150 год з 168');
  });
});
