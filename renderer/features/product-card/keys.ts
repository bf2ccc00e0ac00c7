/** In-screen keys of the product card (the function keys F1..F10 belong to the shell). */
export const KEYS = [
  { key: 'Enter', action: 'open' },
  { key: 'Esc', action: 'clear' },
] as const;
