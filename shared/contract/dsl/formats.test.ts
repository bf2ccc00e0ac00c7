import { describe, expect, it } from 'vitest';
import {
  charLength,
  checkDecimal,
  compareDecimal,
  daysInMonth,
  formatProblem,
  hasControlChars,
  isBase64,
  isCalendarDate,
  isDateTimeWithOffset,
  isPhone,
  isSha256,
} from './formats.js';
import { dec } from './params.js';

const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2024-02-30', false],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-1-01', false],
    ['29.02.2024', false],
    ['2024-02-29 ', false],
    ['', false],
  ])('judges %j a calendar date: %s', (s, ok) => {
    expect(isCalendarDate(s)).toBe(ok);
  });

  it('counts February by the Gregorian leap-year rule', () => {
    expect([2023, 2024, 1900, 2000].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 28, 29]);
    expect([1, 4, 6, 9, 11, 12].map((m) => daysInMonth(2024, m))).toEqual([31, 30, 30, 30, 30, 31]);
  });
});

describe('isDateTimeWithOffset', () => {
  it.each([
    ['2024-02-29T13:45:00+02:00', true],
    ['2024-02-29T11:45:00Z', true],
    ['2024-02-29T11:45:00.123456789Z', true],
    ['2024-02-29T13:45+02:00', true],
    ['2024-02-29T13:45:00-03:30', true],
    ['2024-02-29T13:45:00', false],
    ['2024-02-29 13:45:00+02:00', false],
    ['2024-02-29t13:45:00Z', false],
    ['2024-02-30T13:45:00+02:00', false],
    ['2024-02-29T24:00:00Z', false],
    ['2024-02-29T13:60:00Z', false],
    ['2024-02-29T13:45:60Z', false],
    ['2024-02-29T13:45:00+15:00', false],
    ['2024-02-29T13:45:00+0200', false],
    ['2024-02-29', false],
  ])('judges %j an ISO 8601 date-time with offset: %s', (s, ok) => {
    expect(isDateTimeWithOffset(s)).toBe(ok);
  });
});

describe('isBase64', () => {
  it.each([
    ['QUJDRA==', true],
    ['QUJD', true],
    ['QUI=', true],
    ['', true],
    ['QUJDRA=', false],
    ['Q===', false],
    ['QU JD', false],
    ['QUJD*A==', false],
    ['-_-_', false],
    ['QQ==QQ==', false],
  ])('judges %j base64: %s', (s, ok) => {
    expect(isBase64(s)).toBe(ok);
  });
});

describe('isSha256', () => {
  it.each([
    [HASH, true],
    [HASH.toUpperCase(), true],
    [HASH.slice(1), false],
    [`${HASH}0`, false],
    [`g${HASH.slice(1)}`, false],
    ['', false],
  ])('judges %j a SHA-256 hash: %s', (s, ok) => {
    expect(isSha256(s)).toBe(ok);
  });
});

describe('isPhone', () => {
  it.each([
    ['+380441234567', true],
    ['+380 44 123-45-67', true],
    ['(044) 123-45-67', true],
    ['12345', true],
    ['1234', false],
    ['1234567890123456', false],
    ['+380 44 ABC-45-67', false],
    ['++380441234567', false],
    ['380441234567+', false],
    ['', false],
  ])('judges %j a telephone number: %s', (s, ok) => {
    expect(isPhone(s)).toBe(ok);
  });
});

describe('formatProblem', () => {
  it('accepts exactly four digits as a year and nothing but digits as digits', () => {
    expect(formatProblem('year4', '2024')).toBeUndefined();
    expect(formatProblem('year4', '24')).toBeDefined();
    expect(formatProblem('year4', '２０２４')).toBeDefined();
    expect(formatProblem('digits', '0042')).toBeUndefined();
    expect(formatProblem('digits', '42a')).toBeDefined();
    expect(formatProblem('digits', '')).toBeDefined();
  });
});

describe('checkDecimal', () => {
  const money = dec('cur');
  const quantity = dec('unit', 32, { signed: false, minValue: '0', exclusiveMin: true, maxValue: '1000000' });
  const kf = dec('ratio', 64, { comma: true });

  it.each([
    ['12.50', '12.50'],
    ['0', '0'],
    ['-7.1234', '-7.1234'],
    ['007.5', '7.5'],
    ['00000000000012345678901.5', '12345678901.5'],
  ])('takes %j as the canonical %j', (s, value) => {
    expect(checkDecimal(money, s)).toEqual({ value });
  });

  it.each(['1,5', '1.', '.5', '+1', '1e3', ' 1', '1 000', '12.50 UAH', '', '-', '1.23456', '123456789012'])(
    'refuses %j for money',
    (s) => {
      expect(checkDecimal(money, s)).toHaveProperty('issue');
    },
  );

  it('accepts a comma only where the contract says so, and normalizes it to a dot', () => {
    expect(checkDecimal(kf, '-1,25')).toEqual({ value: '-1.25' });
    expect(checkDecimal(kf, '1.25')).toEqual({ value: '1.25' });
    expect(checkDecimal(money, '1,25')).toHaveProperty('issue');
  });

  it('holds a quantity strictly above 0, at most 1000000 and at most 3 decimals', () => {
    expect(checkDecimal(quantity, '0')).toHaveProperty('issue');
    expect(checkDecimal(quantity, '0.000')).toHaveProperty('issue');
    expect(checkDecimal(quantity, '0.001')).toEqual({ value: '0.001' });
    expect(checkDecimal(quantity, '1000000')).toEqual({ value: '1000000' });
    expect(checkDecimal(quantity, '1000000.000')).toEqual({ value: '1000000.000' });
    expect(checkDecimal(quantity, '1000000.001')).toHaveProperty('issue');
    expect(checkDecimal(quantity, '1.0001')).toHaveProperty('issue');
    expect(checkDecimal(quantity, '-1')).toHaveProperty('issue');
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '1', 0],
    ['1.50', '1.5', 0],
    ['0', '-0', 0],
    ['0.000', '-0', 0],
    ['2', '10', -1],
    ['10', '9.999', 1],
    ['0.1', '0.09', 1],
    ['-1', '1', -1],
    ['-2', '-10', 1],
    ['-0.5', '0', -1],
    ['0', '-0.5', 1],
    ['-0.5', '-0.25', -1],
    ['123456789012345678901234567890', '123456789012345678901234567891', -1],
  ])('compares %s with %s as %i', (a, b, sign) => {
    expect(compareDecimal(a, b)).toBe(sign);
    expect(compareDecimal(b, a)).toBe(-sign || 0);
  });
});

describe('charLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['Оплата долга', 12],
    ['𝄞', 1],
    ['a😀b', 3],
    ['😀😀', 2],
    ['e\u0301', 2],
    ['\ud83d', 1],
    ['\ude00x', 2],
  ])('counts %j as %i characters', (s, n) => {
    expect(charLength(s)).toBe(n);
  });
});

describe('hasControlChars', () => {
  it.each([
    ['\u0000', true],
    ['a\tb', true],
    ['line\n', true],
    ['\u007f', true],
    ['\u0085', true],
    ['Заменить здесь', false],
    ['𝄞 ok', false],
  ])('judges %j to contain control characters: %s', (s, found) => {
    expect(hasControlChars(s)).toBe(found);
  });
});
