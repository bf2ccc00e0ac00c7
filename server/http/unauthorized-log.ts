/**
 * The request lines of requests refused 401, bounded per remote address. A client without a key
 * needs nothing to be refused, so it can be refused tens of thousands of times a second; a line
 * each (about 175 bytes) would fill the disk. So, as production servers do, the first refusal of
 * an address in a window is logged as any request is, the rest of the window only counted, and
 * one summary line says how many were not logged once the window is over: at the next refusal
 * from that address, at the sweep that runs once a window, or when the server closes.
 *
 * The tracker is bounded too: past MAX_ADDRESSES addresses (a flood from many, e.g. the addresses
 * of one IPv6 network), the refusals of any other address share one window, OTHER_ADDRESSES.
 */
import type { Logger } from '../../shared-node/log/logger.js';

/** How long the refusals of one address are counted after the one that was logged. */
export const WINDOW_MS = 60_000;

/** Addresses tracked at once; a window of one takes a few dozen bytes. */
export const MAX_ADDRESSES = 4096;

/** Where the refusals of addresses past MAX_ADDRESSES are counted: no address looks like it. */
export const OTHER_ADDRESSES = 'other addresses';

export const SUMMARY_MSG = 'unauthorized requests not logged';

export interface UnauthorizedLogOptions {
  readonly windowMs?: number;
  readonly maxAddresses?: number;
  /** Milliseconds since the epoch; a test's clock. */
  readonly now?: () => number;
}

interface Window {
  readonly from: number;
  suppressed: number;
}

export class UnauthorizedLog {
  private readonly windows = new Map<string, Window>();
  private readonly windowMs: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    opts: UnauthorizedLogOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? WINDOW_MS;
    this.maxAddresses = opts.maxAddresses ?? MAX_ADDRESSES;
    this.now = opts.now ?? Date.now;
    // Summaries of addresses that went quiet, and their slots back; never what keeps a process alive.
    this.sweeper = setInterval(() => this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  /** True when this 401 from `address` is to be logged as its request line; false when it was counted instead. */
  admit(address: string): boolean {
    const now = this.now();
    let key = address;
    let window = this.open(key, now);
    if (window === undefined && this.tracked() >= this.maxAddresses) {
      key = OTHER_ADDRESSES;
      window = this.open(key, now);
    }
    if (window) {
      window.suppressed++;
      return false;
    }
    this.windows.set(key, { from: now, suppressed: 0 });
    return true;
  }

  /** Addresses with a window now (OTHER_ADDRESSES not counted). */
  tracked(): number {
    return this.windows.size - (this.windows.has(OTHER_ADDRESSES) ? 1 : 0);
  }

  /** Ends the windows that are over, with their summaries. */
  sweep(): void {
    const now = this.now();
    for (const key of this.windows.keys()) this.open(key, now);
  }

  /** Ends every window now, with its summary: the server is closing. */
  close(): void {
    clearInterval(this.sweeper);
    const now = this.now();
    for (const [key, window] of this.windows) this.summarize(key, window, Math.min(now, window.from + this.windowMs));
    this.windows.clear();
  }

  /** The window of `key` if it is still open; one that is over is ended here, with its summary. */
  private open(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined || now - window.from < this.windowMs) return window;
    this.summarize(key, window, window.from + this.windowMs);
    this.windows.delete(key);
    return undefined;
  }

  private summarize(address: string, window: Window, to: number): void {
    if (window.suppressed === 0) return;
    this.logger.log('info', SUMMARY_MSG, {
      address,
      status: 401,
      suppressed: window.suppressed,
      from: new Date(window.from).toISOString(),
      to: new Date(to).toISOString(),
      window_ms: this.windowMs,
    });
  }
}
