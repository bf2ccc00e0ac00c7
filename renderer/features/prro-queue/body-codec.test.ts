import { describe, expect, it } from 'vitest';
import { encodeCp1251 } from '../../../shared/fiscal/cp1251.js';
import { decodeBody, encodeBody } from './body-codec.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const cp1251 = (s: string) => Buffer.from(encodeCp1251(s)).toString('base64');
const DECL_1251 = '<?xml version="1.0" encoding="windows-1251"?>';

describe('the body of a fiscal document', () => {
  it('decodes a windows-1251 document, as the tax service takes it, into its letters', () => {
    const xml = `${DECL_1251}<CHECK><CASHIER>Бондаренко Тетяна Іванівна</CASHIER><NAME>Хліб «Київський», ґ є ї</NAME></CHECK>`;
    expect(decodeBody(cp1251(xml))).toEqual({ text: xml, valid: true });
  });

  it('decodes an older UTF-8 document, and one without a declaration, as UTF-8', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><NAME>Хліб «Київський»</NAME>';
    expect(decodeBody(b64(xml))).toEqual({ text: xml, valid: true });
    expect(decodeBody(b64('<A>Привіт</A>'))).toEqual({ text: '<A>Привіт</A>', valid: true });
  });

  it('says when the bytes are not what the declaration names, and still shows what they hold', () => {
    const wrong = Buffer.from([0x3c, 0x41, 0x3e, 0xcf, 0xf0, 0xe8, 0x3c, 0x2f, 0x41, 0x3e]).toString('base64');
    const decoded = decodeBody(wrong);
    expect(decoded.valid).toBe(false);
    expect(decoded.text.startsWith('<A>')).toBe(true);
    expect(decoded.text).toContain('\ufffd');
  });

  it('says when the text is not base64 at all, and ignores line breaks inside it', () => {
    expect(decodeBody('not base64!')).toEqual({ text: '', valid: false });
    const encoded = b64('<A>Привіт</A>');
    expect(decodeBody(`${encoded.slice(0, 8)}\n${encoded.slice(8)}`).text).toBe('<A>Привіт</A>');
  });

  it('encodes a correction back in the encoding its declaration names, large documents too', () => {
    const text = `${DECL_1251}<CHECK>${'Ґанок і їжак '.repeat(5000)}</CHECK>`;
    expect(encodeBody(text)).toBe(cp1251(text));
    expect(decodeBody(encodeBody(text)).text).toBe(text);
    const utf8 = '<?xml version="1.0" encoding="UTF-8"?><A>Ґанок</A>';
    expect(encodeBody(utf8)).toBe(b64(utf8));
  });
});
