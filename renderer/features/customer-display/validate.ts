/** The customer display's settings as typed: what is wrong before they are saved. */
import { type CustomerDisplaySettings, DISPLAY_GREETING_MAX } from '../../../shared/bridge/api.js';

export type DisplayProblems = Partial<Record<'serialPath' | 'greeting', 'serialPath' | 'greeting'>>;

/** A display that is on needs its port; the greeting fits the display's two lines. */
export function displayProblems(d: CustomerDisplaySettings): DisplayProblems {
  return {
    ...(d.enabled && d.serialPath.trim() === '' ? { serialPath: 'serialPath' as const } : {}),
    ...([...d.greeting].length > DISPLAY_GREETING_MAX ? { greeting: 'greeting' as const } : {}),
  };
}

export const settingsOf = (d: CustomerDisplaySettings): CustomerDisplaySettings => ({
  ...d,
  serialPath: d.serialPath.trim(),
  greeting: d.greeting.replace(/\s+/g, ' ').trim(),
});
