/** The mixed-payment screen's keys (`key` is KeyboardEvent.key), shown on screen by KeyHints. */
export const KEYS = {
  next: { key: 'Enter', label: 'Enter', hint: 'next' },
  pay: { key: 'F12', label: 'F12', hint: 'pay' },
  fill: { key: '=', label: '=', hint: 'fill' },
  back: { key: 'Escape', label: 'Esc / F1', hint: 'back' },
} as const;
