/** The diagnostics screen's own keys (F1..F10 stay with the shell; F8 opens the outbox). */
export const KEYS = [
  { keys: 'Alt+R', action: 'again' },
  { keys: 'F8', action: 'outbox' },
] as const;

/** Whether a key press is "check again" (Alt+R by physical key, so in any layout). */
export const isAgainKey = (e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): boolean =>
  e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyR';
