import { describe, expect, it } from 'vitest';
import { keyProblem, tillOf, tillProblems, urlProblem } from './validate.js';

describe('settings checks', () => {
  it('take an empty service address as the embedded service, and an http(s) address as a remote one', () => {
    expect(urlProblem('')).toBeUndefined();
    expect(urlProblem('  ')).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:8787')).toBeUndefined();
    expect(urlProblem('https://shop.example.ua/rpc')).toBeUndefined();
    expect(urlProblem('ftp://shop.example.ua')).toBe('url');
    expect(urlProblem('shop.example.ua')).toBe('url');
    expect(urlProblem('http://shop example')).toBe('url');
    expect(urlProblem('http://shop.example.ua/?key=1')).toBe('url');
  });

  it('keep the plain addresses a till is given', () => {
    expect(urlProblem('http://shop-server.local:8787/')).toBeUndefined();
    expect(urlProblem('https://rpc.example.ua/base/path')).toBeUndefined();
    expect(urlProblem(' http://127.0.0.1:8787 ')).toBeUndefined();
  });

  it('refuse what the bridge refuses: an address that reads as one host and goes to another, a query, a fragment', () => {
    // Both go to evil.invalid (WHATWG URL, as node:http parses), not to 127.0.0.1.
    expect(urlProblem('http://evil.invalid\\@127.0.0.1:9')).toBe('url');
    expect(urlProblem('http://127.0.0.1:9@evil.invalid')).toBe('url');
    expect(urlProblem('http://user:secret@shop.example.ua')).toBe('url');
    expect(urlProblem('http://shop.example.ua\\rpc')).toBe('url');
    expect(urlProblem('http://shop.example.ua/#top')).toBe('url');
    expect(urlProblem('http://shop.example.ua?')).toBe('url');
    expect(urlProblem('http:///shop.example.ua')).toBe('url');
    expect(urlProblem('http://sh\top.example.ua')).toBe('url');
    expect(urlProblem('http://\u202eau.elpmaxe.pohs')).toBe('url');
  });

  it('want a key of 8 to 512 printable characters without spaces', () => {
    expect(keyProblem('short')).toBe('keyShort');
    expect(keyProblem('a'.repeat(513))).toBe('keyShort');
    expect(keyProblem('with space 123')).toBe('keyChars');
    expect(keyProblem('ключ-кирилицею')).toBe('keyChars');
    expect(keyProblem('ck_live_0123456789')).toBeUndefined();
  });

  it('want a till number, a cash box and digits (or nothing) for the PRRO', () => {
    expect(tillProblems({ kasm: '2', akas: 'KAS2', numprro: '4000211452' })).toEqual({});
    expect(tillProblems({ kasm: '2', akas: 'KAS2', numprro: '' })).toEqual({});
    expect(tillProblems({ kasm: '0', akas: '', numprro: 'ПРРО' })).toEqual({ kasm: 'kasm', akas: 'akas', numprro: 'numprro' });
    expect(tillProblems({ kasm: 'два', akas: 'KAS2', numprro: '1' })).toEqual({ kasm: 'kasm' });
  });

  it('send the till trimmed, its number as a number', () => {
    expect(tillOf({ kasm: ' 3 ', akas: ' KAS3 ', numprro: ' 4000211453 ' })).toEqual({
      kasm: 3,
      akas: 'KAS3',
      numprro: '4000211453',
    });
  });
});
