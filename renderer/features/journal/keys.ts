/** In-screen keys of the receipts journal (the function keys F1..F10 belong to the shell). */
export const KEYS = [
  { key: '↑ ↓', action: 'move' },
  { key: 'Enter', action: 'open' },
  { key: 'Esc', action: 'close' },
] as const;
