/**
 * The till's scale as the core uses it: one weighing at a time (the port is opened for each and a
 * second open of the same port would fail), the settings' scale or one a manager typed to test it.
 */
import type { ScaleRead, ScaleSettings, ScaleStatus } from '../../../shared/bridge/api.js';
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

/** Readings that mean the scale answered (it weighed, if not well); the others: it did not. */
const ANSWERED = new Set<string>(['unstable', 'overload', 'negative']);

export class ScaleReader {
  private queue: Promise<unknown> = Promise.resolve();
  private last: ScaleStatus = { state: 'unknown', answeredAt: null };

  constructor(
    private readonly timeoutMs = DEFAULT_WEIGH_MS,
    /** The scale's state changed (the status bar). */
    private readonly changed: () => void = () => {},
  ) {}

  /** How the scale did when last asked (it is asked only when a good is weighed, or tested). */
  status(): ScaleStatus {
    return this.last;
  }

  private note(r: { readonly ok: true } | { readonly ok: false; readonly reason: string }): void {
    if (!r.ok && r.reason === 'off') return;
    const answered = r.ok || ANSWERED.has(r.reason);
    const next: ScaleStatus = answered
      ? { state: 'ready', answeredAt: new Date().toISOString() }
      : { state: 'unreachable', answeredAt: this.last.answeredAt };
    const changed = next.state !== this.last.state;
    this.last = next;
    if (changed) this.changed();
  }

  read(scale: ScaleSettings): Promise<ScaleRead> {
    if (!scale.enabled || scale.serialPath === '') return Promise.resolve({ ok: false, reason: 'off', detail: DETAIL.off });
    const next = this.queue.then(async (): Promise<ScaleRead> => {
      const r = await weigh({ path: scale.serialPath, baudRate: scale.baudRate }, this.timeoutMs);
      this.note(r);
      if (r.ok) return r;
      return { ok: false, reason: r.reason, detail: r.detail ? `${DETAIL[r.reason]}: ${r.detail}` : DETAIL[r.reason] };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
