/** The outbox monitor's own keys (F1..F10 stay with the shell); Alt by physical key, any layout. */
export const KEYS = [
  { keys: 'Alt+1…4', action: 'views' },
  { keys: 'Tab', action: 'move' },
  { keys: 'Enter', action: 'press' },
  { keys: 'Ctrl+Enter', action: 'confirmNote' },
  { keys: 'Esc', action: 'cancel' },
] as const;

/** The view an Alt+digit picks (0-based), if the key press is one. */
export function viewKey(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): number | undefined {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  const digit = /^Digit([1-4])$/.exec(e.code)?.[1];
  return digit ? Number(digit) - 1 : undefined;
}
