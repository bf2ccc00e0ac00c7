import { describe, expect, it } from 'vitest';
import { decodeCp1251, encodeCp1251, fitsCp1251, toCp1251Text } from './cp1251.js';

describe('windows-1251', () => {
  it('encodes Ukrainian text to the bytes the tax service expects and reads it back', () => {
    const text = 'Горілка «Козацька» 0,5 л — ЇїЄєІіҐґ №1 ’';
    const bytes = encodeCp1251(text);
    expect(bytes.length).toBe([...text].length);
    expect(Array.from(encodeCp1251('Їжак'))).toEqual([0xaf, 0xe6, 0xe0, 0xea]);
    expect(decodeCp1251(bytes)).toBe(text);
  });

  it('maps every byte 0x80..0xFF it can decode back to itself', () => {
    for (let b = 0x80; b <= 0xff; b++) {
      if (b === 0x98) continue;
      const ch = decodeCp1251(Uint8Array.of(b));
      expect(Array.from(encodeCp1251(ch)), `byte ${b.toString(16)}`).toEqual([b]);
    }
  });

  it('replaces what windows-1251 lacks instead of failing', () => {
    expect(fitsCp1251('Сир 🧀')).toBe(false);
    expect(toCp1251Text('Сир 🧀 − 2')).toBe('Сир ? - 2');
    expect(decodeCp1251(encodeCp1251('Сир 🧀'))).toBe('Сир ?');
    // A lone first half (a cut that split a pair) is replaced alone: the character after it stays.
    expect(decodeCp1251(encodeCp1251('Сир \ud83e</NAME>'))).toBe('Сир ?</NAME>');
    expect(decodeCp1251(encodeCp1251('Сир \udd40<'))).toBe('Сир ?<');
  });
});
