import { describe, expect, it } from 'vitest';
import { altShortcut, hintsFor } from './keys.js';

const press = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
  altShortcut({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, code, ...mods });

describe('the PRRO screen’s Alt shortcuts', () => {
  it('go by the physical key, so Alt+R is requeue in the Ukrainian layout too (where it types «к»)', () => {
    expect(press('KeyR')).toEqual({ action: 'requeue' });
    expect(press('KeyB')).toEqual({ action: 'bulk' });
    expect(press('KeyE')).toEqual({ action: 'edit' });
    expect(press('KeyV')).toEqual({ action: 'correct' });
    expect(press('KeyX')).toEqual({ action: 'discard' });
    expect(press('KeyW')).toEqual({ action: 'blocker' });
    expect(press('KeyD')).toEqual({ action: 'since' });
  });

  it('sort by the column of the digit', () => {
    expect(press('Digit1')).toEqual({ sort: 0 });
    expect(press('Digit8')).toEqual({ sort: 7 });
  });

  it('are not taken without Alt, with another modifier, or for keys they do not name', () => {
    expect(press('KeyR', { altKey: false })).toBeUndefined();
    expect(press('KeyR', { ctrlKey: true })).toBeUndefined();
    expect(press('KeyR', { shiftKey: true })).toBeUndefined();
    expect(press('KeyQ')).toBeUndefined();
    expect(press('Digit0')).toBeUndefined();
  });
});

describe('the hint bar', () => {
  const keys = (...args: Parameters<typeof hintsFor>) => hintsFor(...args).map((h) => h.keys);

  it('shows a key for every Alt shortcut somewhere', () => {
    const shown = new Set([...keys('queue', true), ...keys('detail', true), ...keys('shifts', true)]);
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (press(`Key${letter}`)) expect(shown).toContain(`Alt+${letter}`);
    }
    expect(shown).toContain('Alt+1…9');
  });

  it('shows a document’s keys while one is open, and the one to what it waits for only when it waits', () => {
    expect(keys('detail')).toEqual(expect.arrayContaining(['Esc', 'Alt+V', 'Alt+E', 'Alt+X', 'Alt+R', 'Alt+S', 'Alt+Z']));
    expect(keys('detail')).not.toContain('Alt+W');
    expect(keys('detail', true)).toContain('Alt+W');
    expect(keys('queue')).not.toContain('Alt+R');
  });
});
