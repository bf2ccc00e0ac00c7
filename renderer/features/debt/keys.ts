/** In-screen keys of the debt screen (the function keys F1..F10 belong to the shell). */
export const KEYS = [
  { key: 'Enter', action: 'findCard' },
  { key: 'Enter', action: 'pickOverdue' },
  { key: 'Space', action: 'tick' },
  { key: 'Enter', action: 'payCash' },
  { key: 'Shift+Enter', action: 'payBonus' },
] as const;
