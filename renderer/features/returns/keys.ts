/** The return's own keys. Alt shortcuts go by the physical key (KeyboardEvent.code), so they work in the Ukrainian layout. */
export const OPEN_KEY = { label: 'Alt+R', code: 'KeyR' } as const;

export const KEYS = [
  { keys: 'Enter', action: 'find' },
  { keys: '↑ ↓', action: 'move' },
  { keys: 'Space', action: 'toggle' },
  { keys: 'Enter', action: 'confirm' },
  { keys: 'Esc', action: 'close' },
] as const;

export const isOpenKey = (e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): boolean =>
  e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === OPEN_KEY.code;
