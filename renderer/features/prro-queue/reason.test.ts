import { describe, expect, it } from 'vitest';
import { elementOf, reasonLine, reasonOf } from './reason.js';

const meaning = (code: number) => `код ${code}`;

describe('why a document is listed', () => {
  it('is the tax server’s description first, with its code and name beside it', () => {
    const r = reasonOf(
      'Код помилки: 9 DocumentValidationError\nCHECK/CHECKHEAD/ORDERDATE: «2025-03-13» має містити рівно 8 символів, а містить 10',
    );
    expect(r).toEqual({
      kind: 'refused',
      code: 9,
      name: 'DocumentValidationError',
      text: 'CHECK/CHECKHEAD/ORDERDATE: «2025-03-13» має містити рівно 8 символів, а містить 10',
      element: 'ORDERDATE',
    });
    expect(reasonLine(r, meaning)).toBe('CHECK/CHECKHEAD/ORDERDATE: «2025-03-13» має містити рівно 8 символів, а містить 10');
  });

  it('reads the server’s own line ends (\\r\\n) and a refusal without a description', () => {
    expect(reasonOf('Код помилки: 3 InvalidTin\r\nНевірний ІПН')).toMatchObject({
      code: 3,
      name: 'InvalidTin',
      text: 'Невірний ІПН',
    });
    const bare = reasonOf('Код помилки: 12 CryptographyError');
    expect(bare).toEqual({ kind: 'refused', code: 12, name: 'CryptographyError', text: '' });
    expect(reasonLine(bare, meaning)).toBe('код 12');
  });

  it('names no element for a description that names none', () => {
    const r = reasonOf(
      'Код помилки: 7 CheckLocalNumberInvalid\nНекоректний локальний номер документа 5 для ПРРО з фіскальним номером 4000123456. Номер документа повинен дорівнювати 4',
    );
    expect(r).toMatchObject({ kind: 'refused', code: 7 });
    expect(r).not.toHaveProperty('element');
  });

  it('names the head’s TIN for a refusal of the taxpayer’s number (3), whose description names no path', () => {
    const r = reasonOf(
      'Код помилки: 3 InvalidTin\nВ документі зазначено реєстраційний код платника 41234576, а ПРРО зареєстровано на 41234567',
    );
    expect(r).toMatchObject({ kind: 'refused', code: 3, element: 'TIN' });
  });

  it('finds the element of a schema path, a row’s or an attribute’s too', () => {
    expect(elementOf('CHECK/CHECKHEAD/CASHIER: має бути не довше за 128 символів')).toBe('CASHIER');
    expect(elementOf('CHECK/CHECKBODY/ROW[3]/PRICE: не відповідає формату суми')).toBe('PRICE');
    expect(elementOf('CHECK/CHECKBODY/ROW[2]/@ROWNUM: не є цілим числом')).toBe('ROW');
    expect(elementOf('ZREP/ZREPHEAD/ORDERTIME: не є коректним часом')).toBe('ORDERTIME');
    expect(elementOf('Невірний ІПН')).toBeUndefined();
  });

  it('is the dispatcher’s words for a document that waits, with the document it waits for', () => {
    const blocked = reasonOf('очікує на документ №43 (id 129), відхилений податковим сервером');
    expect(blocked).toEqual({
      kind: 'waits',
      text: 'очікує на документ №43 (id 129), відхилений податковим сервером',
      blockerId: '129',
    });
    expect(reasonOf('очікує на підпис: ключ КЕП каси заблоковано')).toEqual({
      kind: 'waits',
      text: 'очікує на підпис: ключ КЕП каси заблоковано',
    });
  });

  it('is any other sentence as it was said, on one line in the grid, and nothing when none was', () => {
    const http = reasonOf('ПРРО не зареєстрований на податковому сервері (HTTP 404): перевірте фіскальний номер ПРРО\nNot found');
    expect(http.kind).toBe('said');
    expect(reasonLine(http, meaning)).toBe(
      'ПРРО не зареєстрований на податковому сервері (HTTP 404): перевірте фіскальний номер ПРРО Not found',
    );
    expect(reasonOf('  ')).toEqual({ kind: 'none' });
  });
});
