/**
 * The sale screen's keys (F1..F10 switch screens in the shell; F11 and F12 stay with the sale).
 * Shown on screen by KeyHints; `key` is KeyboardEvent.key.
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
} as const;
