/**
 * Structured logs: one JSON object per line. Callers pass fields, never request bodies or keys;
 * the request id ties a line to the response a client saw. Every field is bounded here (a client
 * chooses what it sends, e.g. a 900 KB method name), so no line grows past a few KB.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  log(level: Level, msg: string, fields?: Record<string, unknown>): void;
  /**
   * False when a line of this level would be dropped, so a caller on a hot path (one line per
   * request) need not build its fields. A logger without it is taken to write every level.
   */
  enabled?(level: Level): boolean;
}

/** The most characters of one logged string; a longer one is cut and ends with LOG_ELLIPSIS. */
export const LOG_FIELD_MAX = 256;
export const LOG_ELLIPSIS = '…';
/** The most members of one logged object or array, and how deep a value is followed. */
const MEMBERS_MAX = 32;
const DEPTH_MAX = 3;

/** A value cut to the bounds above: strings, members, items and depth. */
export function boundForLog(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > LOG_FIELD_MAX ? `${v.slice(0, LOG_FIELD_MAX)}${LOG_ELLIPSIS}` : v;
  if (v === null || typeof v !== 'object') return v;
  if (depth >= DEPTH_MAX) return LOG_ELLIPSIS;
  if (Array.isArray(v)) {
    const items = v.slice(0, MEMBERS_MAX).map((x) => boundForLog(x, depth + 1));
    return v.length > MEMBERS_MAX ? [...items, LOG_ELLIPSIS] : items;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (n++ === MEMBERS_MAX) {
      out[LOG_ELLIPSIS] = LOG_ELLIPSIS;
      break;
    }
    out[boundForLog(k) as string] = boundForLog(x, depth + 1);
  }
  return out;
}

export function jsonLogger(minLevel: Level = 'info', write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  return {
    enabled: (level) => ORDER[level] >= ORDER[minLevel],
    log(level, msg, fields) {
      if (ORDER[level] < ORDER[minLevel]) return;
      const line: Record<string, unknown> = { t: new Date().toISOString(), level, msg: boundForLog(msg) };
      if (fields) Object.assign(line, boundForLog(fields, -1));
      write(`${JSON.stringify(line)}\n`);
    },
  };
}

export const silentLogger: Logger = { log() {}, enabled: () => false };
