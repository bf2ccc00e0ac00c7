/**
 * Shop-local dates and date-times with their offset, as the contract's formats ask
 * (`YYYY-MM-DD`, ISO 8601 with offset). Computed with Intl so Kyiv's DST is right.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timeZone: string): Record<string, string> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/**
 * The instant moved to the shop's wall clock (floored to the second), read back with UTC's fields.
 * Formatting a list of 5,000 documents with Intl per row was a third of the PRRO grid's answer.
 */
function wallOf(date: Date, timeZone: string): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetMs(date, timeZone)).toISOString();
}

/** The shop's calendar date of an instant. */
export function localDate(date: Date, timeZone: string): string {
  return wallOf(date, timeZone).slice(0, 10);
}

/** The instant as a shop-local ISO 8601 date-time with offset, to the second. */
export function localDateTime(date: Date, timeZone: string): string {
  const offsetMin = Math.round(offsetMs(date, timeZone) / 60000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wallOf(date, timeZone).slice(0, 19)}${sign}${hh}:${mm}`;
}

/** The instant a shop-local calendar date begins (its midnight in the shop's zone), as UTC ISO 8601. */
export function dayStartUtc(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(instantOfWall(Date.UTC(y, m - 1, d), timeZone)).toISOString();
}

/**
 * The instant (epoch ms) a wall-clock reading in a zone stands for; the reading is given as epoch
 * ms of the same fields in UTC. In the hour a change of the clocks repeats, the later (winter) one.
 */
export function instantOfWall(wall: number, timeZone: string): number {
  // The zone's offset at the guess, then once more at the corrected instant (an offset change near it).
  let at = wall;
  for (let i = 0; i < 2; i++) at = wall - offsetMs(new Date(at), timeZone);
  return at;
}

/** The day after a `YYYY-MM-DD` date. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first day of the month after a `YYYY-MM-DD` date's. */
export function firstOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * Zones change their offset only on quarter-hour instants (every offset in use is a multiple of
 * 15 minutes, and the changes happen on the local hour or half hour), so one offset holds for a
 * whole quarter of an hour: asked of Intl once per quarter and zone.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

function offsetMs(date: Date, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(date.getTime() / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = partsIn(date, timeZone);
    const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    offset = wall - Math.floor(date.getTime() / 1000) * 1000;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}
