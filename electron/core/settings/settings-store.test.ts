import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMER_DISPLAY, DEFAULT_PRINTER } from '../../../shared/bridge/api.js';
import { SettingsStore } from './settings-store.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');

describe('the printer settings', () => {
  it('take the defaults in a settings file from before receipts were printed', () => {
    const f = file();
    writeFileSync(f, JSON.stringify({ till: { kasm: 2, akas: 'KAS2', numprro: '' } }));
    expect(new SettingsStore(f).get().printer).toEqual(DEFAULT_PRINTER);
  });

  it('change one at a time, keep the rest, and are there after a restart', () => {
    const f = file();
    new SettingsStore(f).update({ printer: { name: 'POS-58', paperWidth: 58 } });
    new SettingsStore(f).update({ printer: { copies: 2 } });
    const again = new SettingsStore(f).get().printer;
    expect(again).toEqual({ ...DEFAULT_PRINTER, name: 'POS-58', paperWidth: 58, copies: 2 });
    expect(JSON.parse(readFileSync(f, 'utf8')).printer).toEqual(again);
  });
});

describe('a change the settings file cannot take', () => {
  it('is not in use either: the till goes on with what the file says until the write succeeds', () => {
    const f = file();
    const store = new SettingsStore(f);
    store.update({ language: 'uk' });
    // The file's next version cannot be written (a folder in its place stands for a full or failing disk).
    mkdirSync(`${f}.tmp`);
    expect(() => store.update({ language: 'en' })).toThrow();
    expect(store.get().language).toBe('uk');
    expect(new SettingsStore(f).get().language).toBe('uk');
    rmdirSync(`${f}.tmp`);
    expect(store.update({ language: 'en' }).language).toBe('en');
  });
});

describe('the customer display settings', () => {
  it('are off in a settings file from before the display, and keep what is not changed', () => {
    const f = file();
    writeFileSync(f, JSON.stringify({ till: { kasm: 2, akas: 'KAS2', numprro: '' } }));
    expect(new SettingsStore(f).get().customerDisplay).toEqual(DEFAULT_CUSTOMER_DISPLAY);
    new SettingsStore(f).update({ customerDisplay: { enabled: true, serialPath: 'COM4' } });
    new SettingsStore(f).update({ customerDisplay: { codeTable: 46, codePage: 'windows1251' } });
    expect(new SettingsStore(f).get().customerDisplay).toEqual({
      ...DEFAULT_CUSTOMER_DISPLAY,
      enabled: true,
      serialPath: 'COM4',
      codeTable: 46,
      codePage: 'windows1251',
    });
  });
});
