import { describe, expect, it } from 'vitest';
import { componentOf, keyLabel, SCREENS, SUB_SCREENS, screenOfKey, tabOf } from './screens.js';

const press = (key: string, mods: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) =>
  screenOfKey({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods })?.id;

describe('the screen keys', () => {
  it('open the sale on F1 alone and the shift on Shift+F1', () => {
    expect(press('F1')).toBe('sale');
    expect(press('F1', { shiftKey: true })).toBe('shift');
  });

  it('open nothing with Shift held on a key no screen asked Shift for, nor with Alt, Ctrl or Meta', () => {
    expect(press('F5')).toBe('prro');
    expect(press('F5', { shiftKey: true })).toBeUndefined();
    expect(press('F1', { altKey: true })).toBeUndefined();
    expect(press('F1', { ctrlKey: true, shiftKey: true })).toBeUndefined();
    expect(press('F11')).toBeUndefined();
    expect(press('F12')).toBeUndefined();
  });

  it('are one combination per screen, shown on the tabs as pressed', () => {
    const labels = SCREENS.map(keyLabel);
    expect(new Set(labels).size).toBe(SCREENS.length);
    expect(labels).toEqual(['F1', 'Shift+F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10']);
  });
});

describe('the screens reached from another screen', () => {
  it('have no function key of their own: the keys of the registers are the settings’ Alt+P, under its tab', () => {
    expect(SUB_SCREENS.map((s) => [s.id, s.parent, s.key])).toEqual([['keys', 'settings', 'Alt+P']]);
    expect(SCREENS.some((s) => s.id === 'keys')).toBe(false);
    expect(tabOf('keys')).toBe('settings');
    expect(tabOf('prro')).toBe('prro');
    expect(componentOf('keys')).toBe(SUB_SCREENS[0]?.component);
    expect(componentOf('settings')).toBe(SCREENS.find((s) => s.id === 'settings')?.component);
  });
});
