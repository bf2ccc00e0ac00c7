/**
 * The sale screen's keys (F1..F10 switch screens in the shell; F11 and F12 stay with the sale).
 * Shown on screen by KeyHints; `key` is KeyboardEvent.key. Ctrl and Alt shortcuts are matched by
 * the physical key (KeyboardEvent.code), so they work the same in the Ukrainian layout.
 */
export const KEYS = {
  /** In the code field: look the code up; on an empty field: pay in cash. */
  scan: { key: 'Enter', label: 'Enter', hint: 'scan' },
  pay: { key: 'F12', label: 'F12', hint: 'pay' },
  mixed: { key: 'F2', label: 'F2', hint: 'mixed' },
  quantity: { key: '*', label: '*', hint: 'quantity' },
  select: { key: 'ArrowUp ArrowDown', label: '↑ ↓', hint: 'select' },
  remove: { key: 'Delete', label: 'Delete', hint: 'remove' },
  stamps: { key: 'F11', label: 'F11', hint: 'stamps' },
  cancel: { key: 'Ctrl+Delete', label: 'Ctrl+Delete', hint: 'cancel' },
  search: { key: 'Ctrl+F', label: 'Ctrl+F', hint: 'search' },
  quick: { key: 'Alt+1…9', label: 'Alt+1…9', hint: 'quick' },
  park: { key: 'Ctrl+P', label: 'Ctrl+P', hint: 'park' },
  recall: { key: 'Ctrl+O', label: 'Ctrl+O', hint: 'recall' },
  manual: { key: 'Ctrl+D', label: 'Ctrl+D', hint: 'manual' },
} as const;

export type CtrlAction = 'search' | 'park' | 'recall' | 'manual';

const CTRL: Readonly<Record<string, CtrlAction>> = { KeyF: 'search', KeyP: 'park', KeyO: 'recall', KeyD: 'manual' };

/** The Ctrl shortcut a key press is, if any. */
export function ctrlShortcut(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): CtrlAction | undefined {
  if (!e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return undefined;
  return CTRL[e.code];
}

/** The quick key (1…9) an Alt+digit press is, if any. */
export function quickKeyOf(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): number | undefined {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  const m = /^Digit([1-9])$/.exec(e.code);
  return m ? Number(m[1]) : undefined;
}
