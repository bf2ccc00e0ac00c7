/**
 * One weighing: open the scale's port, listen to its continuous lines, and answer with the first
 * stable weight — or say why there is none when the time is up. Nothing is guessed: an unstable
 * weight is never taken, a broken line is never read as a weight, and silence is said as silence.
 */
import { CasFramer, type CasReading } from './protocol/cas.js';
import { closeScalePort, openScalePort, ScaleLinkError } from './transport/serial.js';

export interface ScaleLine {
  readonly path: string;
  readonly baudRate: number;
}

export type ScaleRefusal =
  /** the weight kept moving until the time was up */
  | 'unstable'
  /** the scale says it is loaded beyond its range */
  | 'overload'
  /** a stable weight below zero (the tare is wrong, or the pan was lifted) */
  | 'negative'
  /** nothing came from the scale */
  | 'silent'
  /** lines came, but none could be read */
  | 'broken'
  /** the port could not be opened or was lost */
  | 'link';

export type WeighResult =
  | { readonly ok: true; readonly kg: string }
  | { readonly ok: false; readonly reason: ScaleRefusal; readonly detail?: string };

/** How long a cashier may wait for the pan to settle before being told. */
export const DEFAULT_WEIGH_MS = 3000;

export async function weigh(line: ScaleLine, timeoutMs = DEFAULT_WEIGH_MS): Promise<WeighResult> {
  let port: Awaited<ReturnType<typeof openScalePort>>;
  try {
    port = await openScalePort(line.path, line.baudRate);
  } catch (err) {
    return { ok: false, reason: 'link', detail: err instanceof ScaleLinkError ? err.message : String(err) };
  }
  try {
    return await new Promise<WeighResult>((resolve) => {
      const framer = new CasFramer();
      let last: CasReading | undefined;
      const done = (r: WeighResult) => {
        clearTimeout(timer);
        resolve(r);
      };
      const timer = setTimeout(() => done(timeoutVerdict(last)), timeoutMs);
      port.on('data', (chunk: Buffer) => {
        for (const r of framer.push(chunk)) {
          last = r;
          if (r.kind === 'overload') return done({ ok: false, reason: 'overload' });
          if (r.kind === 'weight' && r.stable) {
            if (r.unit === 'lb') return done({ ok: false, reason: 'broken', detail: 'the scale weighs in pounds' });
            return done(r.kg.startsWith('-') ? { ok: false, reason: 'negative', detail: r.kg } : { ok: true, kg: r.kg });
          }
        }
      });
      port.once('close', () => done({ ok: false, reason: 'link', detail: 'the serial port was closed' }));
    });
  } finally {
    await closeScalePort(port);
  }
}

/** What the last line heard says when no stable weight came in time. */
function timeoutVerdict(last: CasReading | undefined): WeighResult {
  if (!last) return { ok: false, reason: 'silent' };
  if (last.kind === 'broken') return { ok: false, reason: 'broken', detail: last.line };
  return { ok: false, reason: 'unstable' };
}
