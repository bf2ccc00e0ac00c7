/**
 * The PRRO queue's own keys (F1..F10 stay with the shell). Alt shortcuts are matched by the
 * physical key (KeyboardEvent.code), so they work the same in the Ukrainian layout.
 */
export const KEYS = [
  { keys: 'Enter', action: 'apply' },
  { keys: '↑ ↓ PgUp PgDn Home End', action: 'move' },
  { keys: 'Enter', action: 'open' },
  { keys: 'Esc', action: 'back' },
  { keys: 'Alt+1…9', action: 'sort' },
  { keys: 'Alt+F', action: 'filters' },
  { keys: 'Alt+G', action: 'grid' },
  { keys: 'Alt+R', action: 'requeue' },
  { keys: 'Alt+E', action: 'edit' },
  { keys: 'Alt+S', action: 'status' },
  { keys: 'Alt+B', action: 'bulk' },
  { keys: 'Alt+Z', action: 'shifts' },
] as const;

/** The Alt shortcut a key press is, if any. */
export function altShortcut(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>) {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  const digit = /^Digit([1-9])$/.exec(e.code);
  if (digit) return { sort: Number(digit[1]) - 1 } as const;
  const action = ALT_LETTERS[/^Key([A-Z])$/.exec(e.code)?.[1] ?? ''];
  return action ? ({ action } as const) : undefined;
}

export type AltAction = 'filters' | 'grid' | 'requeue' | 'edit' | 'status' | 'bulk' | 'shifts';

const ALT_LETTERS: Readonly<Record<string, AltAction>> = {
  F: 'filters',
  G: 'grid',
  R: 'requeue',
  E: 'edit',
  S: 'status',
  B: 'bulk',
  // Зміна: the per-shift view and back.
  Z: 'shifts',
};
