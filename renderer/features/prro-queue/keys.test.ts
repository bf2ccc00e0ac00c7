import { describe, expect, it } from 'vitest';
import { altShortcut } from './keys.js';

const press = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
  altShortcut({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, code, ...mods });

describe('the PRRO screen’s Alt shortcuts', () => {
  it('go by the physical key, so Alt+R is requeue in the Ukrainian layout too (where it types «к»)', () => {
    expect(press('KeyR')).toEqual({ action: 'requeue' });
    expect(press('KeyB')).toEqual({ action: 'bulk' });
    expect(press('KeyE')).toEqual({ action: 'edit' });
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
