/**
 * The till's scale as the core uses it: one weighing at a time (the port is opened for each and a
 * second open of the same port would fail), the settings' scale or one a manager typed to test it.
 */
import type { ScaleRead, ScaleSettings } from '../../../shared/bridge/api.js';
import { DEFAULT_WEIGH_MS, weigh } from '../../devices/scale/read.js';

const DETAIL: Record<Exclude<ScaleRead, { ok: true }>['reason'], string> = {
  unstable: 'the weight did not settle in time',
  overload: 'the scale is overloaded',
  negative: 'the scale shows a weight below zero',
  silent: 'the scale sent nothing',
  broken: 'the scale sent lines that cannot be read',
  link: 'the scale’s port cannot be opened',
  off: 'no scale is set up at this till (Settings, F9)',
};

export class ScaleReader {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly timeoutMs = DEFAULT_WEIGH_MS) {}

  read(scale: ScaleSettings): Promise<ScaleRead> {
    if (!scale.enabled || scale.serialPath === '') return Promise.resolve({ ok: false, reason: 'off', detail: DETAIL.off });
    const next = this.queue.then(async (): Promise<ScaleRead> => {
      const r = await weigh({ path: scale.serialPath, baudRate: scale.baudRate }, this.timeoutMs);
      if (r.ok) return r;
      return { ok: false, reason: r.reason, detail: r.detail ? `${DETAIL[r.reason]}: ${r.detail}` : DETAIL[r.reason] };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
