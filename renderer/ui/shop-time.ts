/**
 * Times are shown in the shop's time zone (the till's settings; Europe/Kyiv unless configured),
 * whatever zone the machine's clock is set to: a till on a UTC machine in Kyiv shows Kyiv time.
 */
import { useSettings } from '../rpc/hooks.js';

export const DEFAULT_TIME_ZONE = 'Europe/Kyiv';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, parts: 'time' | 'seconds' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${timeZone}|${parts}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('uk-UA', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(parts === 'seconds' || parts === 'dateTime' ? { second: '2-digit' } : {}),
      ...(parts === 'dateTime' ? { day: '2-digit', month: '2-digit', year: 'numeric' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** The shop's date of an instant, YYYY-MM-DD: after 22:00 UTC it is already tomorrow in Kyiv. */
export const shopDate = (now: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const partsOf = (f: Intl.DateTimeFormat, d: Date) => Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));

/** "14:05" (or "14:05:09" with seconds) in the shop's zone; "" for no time. */
export function shopTime(iso: string | null | undefined, timeZone: string, seconds = false): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = partsOf(formatter(timeZone, seconds ? 'seconds' : 'time'), d);
  return seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

/**
 * "21.11 08:21:05", the date left out when it is the shop's today, and the year said when it is
 * not this year's (the 21st of November of last year is not today).
 */
export function shopDateTime(iso: string | null | undefined, timeZone: string, now: Date = new Date()): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  const f = formatter(timeZone, 'dateTime');
  const p = partsOf(f, d);
  const today = partsOf(f, now);
  const time = `${p.hour}:${p.minute}:${p.second}`;
  if (p.year !== today.year) return `${p.day}.${p.month}.${p.year} ${time}`;
  return p.day === today.day && p.month === today.month ? time : `${p.day}.${p.month} ${time}`;
}

/** The shop's time zone from the settings. */
export const useShopTimeZone = (): string => useSettings().data?.timeZone ?? DEFAULT_TIME_ZONE;
