import { describe, expect, it } from 'vitest';
import { keyRow, noKey } from '../prro-keys/key-row.testing.js';
import { fiscalStateOf, refusalWords, type ShiftRow } from './fiscal-state.js';

const row = (over: Partial<Record<keyof ShiftRow, string>>) =>
  ({
    numprro: '4000211451',
    unsent_docs: '0',
    stopped_docs: '0',
    refused_doc_id: '',
    refused_doc_type: '',
    refused_reason: '',
    register_mode: 'online',
    ...over,
  }) as ShiftRow;

describe("a till's fiscal state", () => {
  it('is sent, sending, offline, waiting for the key or refused, the refusal first', () => {
    expect(fiscalStateOf(row({}), keyRow())).toEqual({ kind: 'sent' });
    expect(fiscalStateOf(row({ unsent_docs: '2' }), keyRow())).toEqual({ kind: 'sending', count: 2 });
    expect(fiscalStateOf(row({ unsent_docs: '5', register_mode: 'offline' }), keyRow())).toEqual({ kind: 'offline', count: 5 });
    expect(fiscalStateOf(row({ unsent_docs: '3' }), noKey({ unsigned: '3' }))).toEqual({ kind: 'unsigned', count: 3 });
    const refused = row({
      unsent_docs: '3',
      stopped_docs: '2',
      refused_doc_id: '9',
      refused_doc_type: 'z_report',
      refused_reason: 'Код помилки: 4 ShiftAlreadyOpened\nЗміну вже відкрито',
    });
    expect(fiscalStateOf(refused, noKey({ unsigned: '3' }))).toEqual({
      kind: 'refused',
      count: 2,
      refusal: { docId: '9', docType: 'z_report', code: '4', text: 'Зміну вже відкрито' },
    });
  });

  it('is nothing without a register or before the first read', () => {
    expect(fiscalStateOf(undefined, keyRow())).toEqual({ kind: 'none' });
    expect(fiscalStateOf(row({ numprro: '' }), keyRow())).toEqual({ kind: 'none' });
  });
});

describe("the tax server's words of a refusal", () => {
  it('keeps the words after the code line, the code apart', () => {
    expect(refusalWords('Код помилки: 9 DocumentValidationError\nXML документа некоректний')).toEqual({
      code: '9',
      text: 'XML документа некоректний',
    });
    expect(refusalWords('Код помилки: 7 InvalidOrderNum')).toEqual({ code: '7', text: 'InvalidOrderNum' });
    expect(refusalWords('HTTP 401: ключ не належить цьому ПРРО')).toEqual({
      code: '',
      text: 'HTTP 401: ключ не належить цьому ПРРО',
    });
  });
});
