/**
 * The key screen's own keys (F1..F10 stay with the shell). Alt shortcuts are matched by the
 * physical key (KeyboardEvent.code), so they work the same in the Ukrainian layout.
 */
export type KeyScreenAction = 'load' | 'unlock' | 'unattended' | 'takeOver';

export const KEYS = [
  { keys: '↑ ↓', action: 'move' },
  { keys: 'Alt+L', action: 'load' },
  { keys: 'Alt+U', action: 'unlock' },
  { keys: 'Alt+A', action: 'unattended' },
  { keys: 'Alt+M', action: 'takeOver' },
  { keys: 'Esc', action: 'back' },
] as const;

const ALT_LETTERS: Readonly<Record<string, KeyScreenAction>> = {
  KeyL: 'load',
  KeyU: 'unlock',
  KeyA: 'unattended',
  KeyM: 'takeOver',
};

/** The action an Alt shortcut is, if any. */
export function keyScreenShortcut(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): KeyScreenAction | undefined {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  return ALT_LETTERS[e.code];
}

/** The key shown beside an action's button. */
export const keyOf = (action: KeyScreenAction): string => KEYS.find((k) => k.action === action)?.keys ?? '';
