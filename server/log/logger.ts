/**
 * Structured logs: one JSON object per line. Callers pass fields, never request bodies or keys;
 * the request id ties a line to the response a client saw.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  log(level: Level, msg: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(minLevel: Level = 'info', write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  return {
    log(level, msg, fields) {
      if (ORDER[level] < ORDER[minLevel]) return;
      write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields })}\n`);
    },
  };
}

export const silentLogger: Logger = { log() {} };
