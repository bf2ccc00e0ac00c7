import { describe, expect, it } from 'vitest';
import { verificationUrl } from '../../../shared/fiscal/verification.js';
import { parseReceiptQr, readReceiptQuery } from './qr.js';

/** A link exactly as the back office prints it (pos.receipt_print's qr_url). */
const printed = (fiscalNumber: string, sum = '125.40') =>
  verificationUrl({ fiscalNumber, numprro: '4000123456', orderDate: '14032025', orderTime: '120501', sum });

describe('the QR code of a customer receipt, as a scanner types it', () => {
  it('names the receipt and register of an online receipt the back office printed', () => {
    expect(parseReceiptQr(printed('1284301'))).toEqual({
      fiscalNumber: '1284301',
      numprro: '4000123456',
      date: '20250314',
      time: '120501',
      sum: '125.40',
    });
  });

  it('names an offline receipt by its session.n.control number', () => {
    expect(parseReceiptQr(printed('71035.3.4758'))?.fiscalNumber).toBe('71035.3.4758');
  });

  it('takes the link with the Enter, CR LF or tab a scanner ends it with', () => {
    expect(readReceiptQuery(`${printed('1284301')}\r\n`)).toMatchObject({ kind: 'qr', qr: { fiscalNumber: '1284301' } });
    expect(readReceiptQuery(`  ${printed('1284301')}\t`)).toMatchObject({ kind: 'qr' });
  });

  it('takes a link without the optional date, time and sum', () => {
    expect(parseReceiptQr('https://cabinet.tax.gov.ua/cashregs/check?id=1284301&fn=4000123456')).toMatchObject({
      fiscalNumber: '1284301',
      date: '',
      sum: '',
    });
  });

  it('refuses the same path on another host, a look-alike host, another scheme, port or user', () => {
    const tail = '/cashregs/check?id=1284301&fn=4000123456';
    for (const url of [
      `https://evil.example${tail}`,
      `https://cabinet.tax.gov.ua.evil.example${tail}`,
      `https://tax.gov.ua${tail}`,
      `http://cabinet.tax.gov.ua${tail}`,
      `https://cabinet.tax.gov.ua:8443${tail}`,
      `https://someone@cabinet.tax.gov.ua${tail}`,
    ]) {
      expect(readReceiptQuery(url), url).toEqual({ kind: 'invalid', why: 'host' });
      expect(parseReceiptQr(url), url).toBeUndefined();
    }
  });

  it('refuses another path, a missing or doubled id or fn, and values that are no fiscal numbers', () => {
    for (const url of [
      'https://cabinet.tax.gov.ua/cashregs/other?id=1284301&fn=4000123456',
      'https://cabinet.tax.gov.ua/cashregs/check?fn=4000123456',
      'https://cabinet.tax.gov.ua/cashregs/check?id=1284301',
      'https://cabinet.tax.gov.ua/cashregs/check?id=1&id=2&fn=4000123456',
      'https://cabinet.tax.gov.ua/cashregs/check?id=12%2043&fn=4000123456',
      "https://cabinet.tax.gov.ua/cashregs/check?id=1'OR'1&fn=4000123456",
      'https://cabinet.tax.gov.ua/cashregs/check?id=1284301&fn=ABC',
      'https://cabinet.tax.gov.ua/cashregs/check?id=1284301&fn=4000123456&date=2025-03-14',
      'https://cabinet.tax.gov.ua/cashregs/check?id=1284301&fn=4000123456&sm=12,50',
    ]) {
      expect(readReceiptQuery(url), url).toEqual({ kind: 'invalid', why: 'link' });
    }
  });

  it('reads digits as the receipt number, and says plainly when the text is neither', () => {
    expect(readReceiptQuery('57')).toEqual({ kind: 'number', checkNumber: 57 });
    expect(readReceiptQuery(' 57\n')).toEqual({ kind: 'number', checkNumber: 57 });
    expect(readReceiptQuery('')).toEqual({ kind: 'invalid', why: 'empty' });
    expect(readReceiptQuery('0')).toEqual({ kind: 'invalid', why: 'text' });
    expect(readReceiptQuery('9999999999')).toEqual({ kind: 'invalid', why: 'text' });
    expect(readReceiptQuery('4820000000011x')).toEqual({ kind: 'invalid', why: 'text' });
    expect(readReceiptQuery('cabinet.tax.gov.ua/cashregs/check?id=1&fn=2')).toEqual({ kind: 'invalid', why: 'text' });
    expect(readReceiptQuery('https://')).toEqual({ kind: 'invalid', why: 'text' });
  });
});
