import { describe, expect, it } from 'vitest';
import { keyProblem, plainOverOpenNetwork, tillOf, tillProblems, urlProblem } from './validate.js';

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

  it("warn of a key sent unencrypted (http://) beyond this computer and the shop's private network", () => {
    for (const open of ['http://rpc.example.ua', 'http://203.0.113.7:8787', 'http://[2001:db8::1]:8787', 'http://172.32.0.1']) {
      expect(plainOverOpenNetwork(open), open).toBe(true);
    }
    for (const own of [
      '',
      'https://rpc.example.ua',
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'http://[::1]:8787',
      'http://192.168.1.20:8787',
      'http://10.0.0.5',
      'http://172.16.4.1',
      'http://169.254.10.10',
      'http://[fd12:3456::1]',
      'http://shop-server:8787',
      'http://shop-server.local:8787',
      'ftp://rpc.example.ua',
    ]) {
      expect(plainOverOpenNetwork(own), own).toBe(false);
    }
  });
});
