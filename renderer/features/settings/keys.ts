/** The settings screen's own keys (F1..F10 stay with the shell); Alt by physical key, any layout. */
export const KEYS = [
  { keys: 'Enter', action: 'save' },
  { keys: 'Alt+T', action: 'test' },
  { keys: 'Alt+K', action: 'key' },
  { keys: 'Alt+L', action: 'language' },
  { keys: 'Alt+P', action: 'prroKeys' },
] as const;

export type SettingsKey = 'test' | 'key' | 'language' | 'prroKeys';

export function settingsKey(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): SettingsKey | undefined {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  return ({ KeyT: 'test', KeyK: 'key', KeyL: 'language', KeyP: 'prroKeys' } as Record<string, SettingsKey>)[e.code];
}
