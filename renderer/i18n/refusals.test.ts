import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/errors.js';
import { ERROR_CODES, ISSUES, placeholdersOf, REFUSALS } from '../../shared/contract/index.js';
import { errorText } from '../ui/error-words.js';
import { initI18n } from './i18n.js';
import { type Reason, refusals } from './refusals.js';

const CATALOGUE: Record<Reason, string> = { ...REFUSALS, ...ISSUES };
/** `{{name}}` and `{{name, format}}` of a translation. */
const namesOf = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] as string).sort();
/**
 * Technical words a Ukrainian sentence may carry as they are: the key files' names and formats as a
 * manager sees them on the disk (Key-6.dat, .jks, .pfx, .pk8, .cer in DER or PEM) among them.
 */
const LATIN_ALLOWED = new Set(['PIN', 'JSON', 'SHA', 'base64', 'F4', 'Key', 'dat', 'jks', 'pfx', 'pk8', 'cer', 'DER', 'PEM']);

/** A value for every placeholder: decimals where the sentence formats money or a quantity. */
const sample = (template: string): Record<string, string> =>
  Object.fromEntries(
    placeholdersOf(template).map((name) => [
      name,
      /amount|price|given|balance|left|asked|quantity/.test(name) ? '12.50' : `7${name.length}`,
    ]),
  );

let t: TFunction;
beforeAll(() => {
  const i18n = initI18n('uk');
  t = i18n.getFixedT('uk');
});

describe('the refusal words', () => {
  it.each(Object.keys(CATALOGUE) as Reason[])('word %s in Ukrainian and English with exactly its placeholders', (reason) => {
    const want = placeholdersOf(CATALOGUE[reason]).sort();
    expect(namesOf(refusals.uk[reason]), 'uk').toEqual(want);
    expect(namesOf(refusals.en[reason]), 'en').toEqual(want);
  });

  it.each(Object.keys(CATALOGUE) as Reason[])('say %s in Ukrainian without an English word', (reason) => {
    const latin = (refusals.uk[reason].replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z][A-Za-z0-9]+/g) ?? []).filter(
      (w) => !LATIN_ALLOWED.has(w),
    );
    expect(latin).toEqual([]);
  });
});

describe('a refusal on a Ukrainian screen', () => {
  it.each(Object.keys(REFUSALS) as (keyof typeof REFUSALS)[])(
    'words every refusal the back office can give, %s, with its values and none of its English',
    (reason) => {
      const values = sample(REFUSALS[reason]);
      const english = Object.entries(values).reduce<string>((s, [k, v]) => s.replaceAll(`{${k}}`, v), REFUSALS[reason]);
      const error = new BridgeError('INVALID_PARAMETER', english, [{ path: 'params.x', problem: english, reason, values }]);
      const { text, raw } = errorText(t, error);
      expect(text).not.toContain(english);
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(text.match(/[A-Za-z]{4,}/g)?.filter((w) => !LATIN_ALLOWED.has(w)) ?? []).toEqual([]);
      // The raw English stays for the details disclosure and the log.
      expect(raw).toContain(english);
    },
  );

  it('formats money and quantities the Ukrainian way, and names a directory in words', () => {
    const error = (reason: Reason, values: Record<string, string>) =>
      new BridgeError('INVALID_PARAMETER', 'x', [{ path: 'params.x', problem: 'x', reason, values }]);
    expect(errorText(t, error('card.bonus_exceeds', { amount: '1234.5', balance: '50.00', card: '2299' })).text).toBe(
      'Бонусів 1\u00a0234,50\u00a0₴ більше, ніж є на картці 2299 (50,00\u00a0₴).',
    );
    expect(errorText(t, error('stock.not_enough', { code: '482', left: '53.000', asked: '54.000' })).text).toBe(
      'Залишку товару 482 не вистачає: є 53, потрібно 54.',
    );
    expect(errorText(t, error('record.unknown_key', { label: 'counterparty', key: '9' })).text).toBe(
      'Запису «контрагент» з ключем 9 немає.',
    );
  });

  it('names the field a contract issue is about', () => {
    const error = new BridgeError('BAD_ARGUMENTS', 'x', [
      { path: 'change.key', problem: 'must be at least 8 characters', reason: 'param.too_short', values: { min: '8' } },
    ]);
    expect(errorText(t, error).text).toBe('Каса не прийняла ці дані. «key»: Не менше 8 символів.');
  });

  it('says something of its own for a refusal it has no words for, keeping the raw text aside', () => {
    const error = new BridgeError('INVALID_PARAMETER', 'payments 90.00 do not cover the total 93.00', [
      { path: 'params.payments', problem: 'payments 90.00 do not cover the total 93.00' },
    ]);
    const { text, raw } = errorText(t, error);
    expect(text).toBe('Сервер відхилив дані з причини, якої ця каса не знає. Подробиці — нижче.');
    expect(raw).toContain('do not cover the total');
  });

  it.each([
    ...Object.keys(ERROR_CODES),
    'NETWORK_ERROR',
    'TIMEOUT',
    'NO_API_KEY',
    'BAD_RESPONSE',
    'BAD_ARGUMENTS',
    'UNKNOWN_MESSAGE',
    'FORBIDDEN',
    'QUEUED_WRITES',
    'SERVICE_CHANGED',
    'NOT_SAVED',
  ])('has words of its own for the code %s in both languages', (code) => {
    const uk = initI18n('uk').getFixedT('uk');
    const en = initI18n('uk').getFixedT('en');
    expect(uk(`common:errors.${code}`)).not.toBe(`errors.${code}`);
    expect(en(`common:errors.${code}`)).not.toBe(`errors.${code}`);
    expect(uk(`common:errors.${code}`).match(/[A-Za-z]{4,}/g) ?? []).toEqual([]);
  });
});
