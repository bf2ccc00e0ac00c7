/**
 * The shift screen's own keys (F1..F10 and Shift+F1 are the shell's). Alt shortcuts are matched by
 * the physical key (KeyboardEvent.code), so they work the same in the Ukrainian layout.
 */
import type { Panel } from './shift-store.js';

export type ShiftAction = Panel | 'open';

export const KEYS = [
  { keys: 'Alt+N', action: 'open' },
  { keys: 'Alt+X', action: 'x' },
  { keys: 'Alt+I', action: 'cashIn' },
  { keys: 'Alt+O', action: 'cashOut' },
  { keys: 'Alt+C', action: 'count' },
  { keys: 'Alt+Z', action: 'close' },
  { keys: 'Alt+P', action: 'print' },
  { keys: 'Enter', action: 'next' },
  { keys: 'Esc', action: 'back' },
  { keys: 'F5', action: 'queue' },
] as const;

const ALT_LETTERS: Readonly<Record<string, ShiftAction>> = {
  N: 'open',
  X: 'x',
  I: 'cashIn',
  O: 'cashOut',
  C: 'count',
  Z: 'close',
};

/** The action an Alt shortcut is, if any. */
export function shiftShortcut(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): ShiftAction | undefined {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  return ALT_LETTERS[/^Key([A-Z])$/.exec(e.code)?.[1] ?? ''];
}

/** The key shown beside an action's button. */
export const keyOf = (action: ShiftAction): string => KEYS.find((k) => k.action === action)?.keys ?? '';
