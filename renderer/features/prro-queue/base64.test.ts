import { describe, expect, it } from 'vitest';
import { decodeBase64Utf8, encodeUtf8Base64 } from './base64.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('base64 of UTF-8', () => {
  it('decodes Cyrillic as the letters it is, not one character per byte', () => {
    const xml = '<CASHIER>Бондаренко Тетяна Іванівна</CASHIER><NAME>Хліб «Київський», ґ є ї</NAME>';
    expect(decodeBase64Utf8(b64(xml))).toEqual({ text: xml, valid: true });
  });

  it('says when the bytes are not UTF-8, and still shows what they hold', () => {
    const cp1251 = Buffer.from([0x3c, 0x41, 0x3e, 0xcf, 0xf0, 0xe8, 0x3c, 0x2f, 0x41, 0x3e]).toString('base64');
    const decoded = decodeBase64Utf8(cp1251);
    expect(decoded.valid).toBe(false);
    expect(decoded.text.startsWith('<A>')).toBe(true);
    expect(decoded.text).toContain('\ufffd');
  });

  it('says when the text is not base64 at all', () => {
    expect(decodeBase64Utf8('not base64!')).toEqual({ text: '', valid: false });
  });

  it('ignores line breaks inside the base64', () => {
    const encoded = b64('<A>Привіт</A>');
    expect(decodeBase64Utf8(`${encoded.slice(0, 8)}\n${encoded.slice(8)}`).text).toBe('<A>Привіт</A>');
  });

  it('encodes back to the same bytes Node would send', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?><CHECK>${'Ґанок і їжак '.repeat(5000)}</CHECK>`;
    expect(encodeUtf8Base64(text)).toBe(b64(text));
    expect(decodeBase64Utf8(encodeUtf8Base64(text)).text).toBe(text);
  });
});
