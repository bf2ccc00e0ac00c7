/**
 * Kyiv's wall clock, which the tax server reads and writes every date in: a document's
 * ORDERDATE/ORDERTIME (ddMMyyyy, HHmmss), a ticket's, and the ISO 8601 times with offset of its
 * JSON answers. Computed with Intl, so the March and October changes are right; the simulator
 * keeps its own small copy rather than depend on the sales engine's.
 */
const ZONE = 'Europe/Kyiv';

const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Kyiv's offset from UTC at an instant, in ms. */
function offsetAt(instant: number): number {
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(instant))) p[part.type] = part.value;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

export interface KyivWall {
  /** ddMMyyyy */
  readonly date: string;
  /** HHmmss */
  readonly time: string;
  /** ISO 8601 with Kyiv's offset, e.g. 2025-03-14T12:00:00+02:00. */
  readonly iso: string;
  /** The wall clock's fields read as if they were UTC: what the DPS server writes into its signing-time. */
  readonly wallAsUtc: Date;
}

export function kyivWall(at: Date): KyivWall {
  const offset = offsetAt(at.getTime());
  const wall = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset);
  const s = wall.toISOString();
  const minutes = Math.round(offset / 60_000);
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return {
    date: `${s.slice(8, 10)}${s.slice(5, 7)}${s.slice(0, 4)}`,
    time: `${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}`,
    iso: `${s.slice(0, 19)}${minutes < 0 ? '-' : '+'}${hh}:${mm}`,
    wallAsUtc: wall,
  };
}

/**
 * The instant of a Kyiv wall-clock reading (ddMMyyyy + HHmmss), read with the offset Kyiv had
 * then: an offline session's hours are real hours, so one over the March change is not an hour
 * longer than it lasted. In the hour the October change repeats, the later (winter) one.
 */
export function instantOfKyivWall(date: string, time: string): number {
  const wall = Date.UTC(
    Number(date.slice(4, 8)),
    Number(date.slice(2, 4)) - 1,
    Number(date.slice(0, 2)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6)),
  );
  // The offset at the guess, then once more at the corrected instant (a change near it).
  let at = wall;
  for (let i = 0; i < 2; i++) at = wall - offsetAt(at);
  return at;
}
