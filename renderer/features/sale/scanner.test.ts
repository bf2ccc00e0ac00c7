import { describe, expect, it } from 'vitest';
import { usCharacter } from './keyboard-layout.js';
import { classifyEntry, EntryTimer, isMisreadScan, SCAN_MAX_GAP_MS, SCAN_MEAN_GAP_MS } from './scanner.js';

/** Key moments `gap` ms apart, starting at 1000. */
const burst = (n: number, gap: number) => Array.from({ length: n }, (_, i) => 1000 + i * gap);

describe('telling a scan from typing', () => {
  it('takes thirteen keys 5 ms apart and a quick Enter for a scan', () => {
    const times = burst(13, 5);
    expect(classifyEntry(times, (times.at(-1) as number) + 5)).toBe('scan');
  });

  it('takes the same code typed 120 ms a key for typing', () => {
    const times = burst(13, 120);
    expect(classifyEntry(times, (times.at(-1) as number) + 120)).toBe('typed');
  });

  it('takes one slow gap in the middle of a burst for typing', () => {
    const times = [...burst(6, 5), 2000, 2005, 2010];
    expect(classifyEntry(times, 2015)).toBe('typed');
  });

  it('takes a late Enter after a fast burst for typing (a person finished the entry)', () => {
    const times = burst(13, 5);
    expect(classifyEntry(times, (times.at(-1) as number) + 800)).toBe('typed');
  });

  it('takes a pace just under the average limit for a scan and one at the limit for typing', () => {
    const under = burst(8, SCAN_MEAN_GAP_MS - 1);
    expect(classifyEntry(under, (under.at(-1) as number) + SCAN_MEAN_GAP_MS - 1)).toBe('scan');
    const at = burst(8, SCAN_MEAN_GAP_MS);
    expect(classifyEntry(at, (at.at(-1) as number) + SCAN_MEAN_GAP_MS)).toBe('typed');
  });

  it('forgives one key of a burst delayed by a busy till, but not a pause', () => {
    const hiccup = [...burst(7, 4), 1024 + 80, ...burst(6, 4).map((t) => t + 110)];
    expect(classifyEntry(hiccup, (hiccup.at(-1) as number) + 4)).toBe('scan');
    const pause = [...burst(7, 4), 1024 + SCAN_MAX_GAP_MS, ...burst(6, 4).map((t) => t + 130)];
    expect(classifyEntry(pause, (pause.at(-1) as number) + 4)).toBe('typed');
  });

  it('takes a fast typist (70 ms a key) for typing', () => {
    const times = burst(14, 70);
    expect(classifyEntry(times, (times.at(-1) as number) + 70)).toBe('typed');
  });

  it('takes short codes for typing however fast they came', () => {
    expect(classifyEntry(burst(5, 2), 1012)).toBe('typed');
    expect(classifyEntry(burst(6, 2), 1012)).toBe('scan');
  });

  it('takes nothing at all for typing', () => {
    expect(classifyEntry([], 1000)).toBe('typed');
  });
});

describe('the entry timer of an input', () => {
  it('calls a fast burst of characters then Enter a scan, and starts over after it', () => {
    const timer = new EntryTimer();
    for (const [i, ch] of [...'4821001000013'].entries()) timer.key(ch, 100 + i * 3);
    expect(timer.finish(140).kind).toBe('scan');
    timer.key('1', 5000);
    expect(timer.finish(5001).kind).toBe('typed');
  });

  it('calls an entry with a Backspace typed, however fast it was', () => {
    const timer = new EntryTimer();
    for (const [i, ch] of [...'48210010000'].entries()) timer.key(ch, 100 + i * 3);
    timer.key('Backspace', 134);
    timer.key('3', 137);
    timer.key('3', 140);
    expect(timer.finish(143).kind).toBe('typed');
  });

  it('calls a pasted entry typed', () => {
    const timer = new EntryTimer();
    timer.edit();
    expect(timer.finish(10).kind).toBe('typed');
  });

  it('ignores Shift, which scanners send before capital letters of a stamp', () => {
    const timer = new EntryTimer();
    let t = 100;
    for (const ch of 'AAKZ4100007919') {
      timer.key('Shift', t);
      timer.key(ch, t + 1);
      t += 4;
    }
    expect(timer.finish(t).kind).toBe('scan');
  });
});

describe('a misread EAN-13', () => {
  it('calls a scanned 13-digit code with a bad check digit a misread, but never a typed one or another length', () => {
    expect(isMisreadScan('4821001000014', 'scan')).toBe(true);
    expect(isMisreadScan('4821001000013', 'scan')).toBe(false);
    expect(isMisreadScan('4821001000014', 'typed')).toBe(false);
    expect(isMisreadScan('12345678', 'scan')).toBe(false);
  });

  it('starts afresh after Delete or Backspace on an empty field, so the scan after it is a scan', () => {
    const timer = new EntryTimer();
    timer.key('Delete', 50, true);
    for (const [i, ch] of [...'AATE508932 0000412167'].entries()) timer.key(ch, 100 + i * 4);
    expect(timer.finish(190).kind).toBe('scan');
  });
});

describe('a scanner on a till with the Ukrainian keyboard layout', () => {
  /** The keys a scanner sends for `text` (US positions), and what the Ukrainian layout types at them. */
  const UA: Readonly<Record<string, string>> = { KeyA: 'ф', KeyK: 'л', KeyZ: 'я', KeyT: 'е', KeyE: 'у' };
  const press = (timer: EntryTimer, text: string, start: number) => {
    let typed = '';
    for (const [i, ch] of [...text].entries()) {
      const upper = ch >= 'A' && ch <= 'Z';
      const code = /[A-Za-z]/.test(ch) ? `Key${ch.toUpperCase()}` : /\d/.test(ch) ? `Digit${ch}` : 'Space';
      const ua = UA[code];
      const key = ua ? (upper ? ua.toUpperCase() : ua) : ch;
      timer.key(key, start + i * 4, i === 0, usCharacter(code, upper));
      typed += key;
    }
    return typed;
  };

  it('reads a scanned stamp as the scanner meant it, not in Cyrillic', () => {
    const timer = new EntryTimer();
    const typed = press(timer, 'AAKZ4100007919', 100);
    expect(typed).toBe('ФФЛЯ4100007919');
    expect(timer.finish(160, typed)).toEqual({ kind: 'scan', text: 'AAKZ4100007919' });
  });

  it('leaves what a person typed, and a scan already in Latin letters, as they are', () => {
    const timer = new EntryTimer();
    for (const [i, ch] of [...'фф12'].entries())
      timer.key(ch, 100 + i * 300, false, usCharacter(i < 2 ? 'KeyA' : `Digit${ch}`, false));
    expect(timer.finish(1500, 'фф12')).toEqual({ kind: 'typed', text: 'фф12' });
    for (const [i, ch] of [...'AATE508932'].entries()) timer.key(ch, 100 + i * 4, i === 0, 'x');
    expect(timer.finish(150, 'AATE508932')).toEqual({ kind: 'scan', text: 'AATE508932' });
  });

  it('knows the US characters of letter, digit, symbol and keypad positions', () => {
    expect(usCharacter('KeyQ', false)).toBe('q');
    expect(usCharacter('KeyQ', true)).toBe('Q');
    expect(usCharacter('Digit2', true)).toBe('@');
    expect(usCharacter('Numpad7', true)).toBe('7');
    expect(usCharacter('Slash', false)).toBe('/');
    expect(usCharacter('Semicolon', true)).toBe(':');
    expect(usCharacter('Enter', false)).toBeUndefined();
  });
});
