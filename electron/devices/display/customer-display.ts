/**
 * The customer display of the till, driven from the main process. The interface says what happened
 * (CustomerView) and goes on at once: the screen is written on its own, one at a time, and only the
 * newest waiting screen is written when several came while one was on its way (a scanner is faster
 * than a 9600 bit/s port, and the customer needs the last line, not each one). A display that is
 * off, unplugged or slow is never the cashier's concern mid-sale: it is said in the status bar.
 *
 * After a payment the display shows it for a while, then the greeting again.
 */
import type { CustomerDisplaySettings, CustomerDisplayState, CustomerView } from '../../../shared/bridge/api.js';
import { HeldSerial } from '../printer/link/serial.js';
import { screenBytes } from './protocol.js';
import { type Screen, screenOf, testScreen } from './screen.js';

/** How long the payment and the change stay on the display before the greeting. */
export const PAID_SHOWN_MS = 8000;
/** A screen not written within this long counts as not written (a port that hangs). */
const WRITE_TIMEOUT_MS = 3000;

export interface CustomerDisplayOptions {
  readonly settings: () => CustomerDisplaySettings;
  readonly paidShownMs?: number;
  /** A change of the display's state (ready, unreachable), for the log. */
  readonly changed?: (state: CustomerDisplayState) => void;
}

export class CustomerDisplay {
  private readonly port = new HeldSerial();
  private condition: CustomerDisplayState = { state: 'unknown', reason: '' };
  /** The newest screen not written yet. */
  private waiting: Screen | undefined;
  private writing: Promise<void> | undefined;
  /** The settings the display was last set up with (reset, table, mode): another set sets it up again. */
  private setUpFor = '';
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CustomerDisplayOptions) {}

  /** What happened at the till; returns at once. */
  show(view: CustomerView): void {
    clearTimeout(this.idleTimer);
    const s = this.options.settings();
    if (!s.enabled) return;
    void this.put(screenOf(view, s.greeting));
    if (view.kind === 'paid') {
      this.idleTimer = setTimeout(() => this.show({ kind: 'idle' }), this.options.paidShownMs ?? PAID_SHOWN_MS);
      this.idleTimer.unref();
    }
  }

  /** Shows the test text now and says how it went (a manager's check in the settings). */
  async test(): Promise<CustomerDisplayState> {
    const s = this.options.settings();
    if (!s.enabled) return { state: 'off', reason: '' };
    clearTimeout(this.idleTimer);
    await this.put(testScreen(s.codePage, s.codeTable));
    return this.state();
  }

  state(): CustomerDisplayState {
    return this.options.settings().enabled ? this.condition : { state: 'off', reason: '' };
  }

  /** The settings changed: a display turned off lets its port go; one on shows the greeting as set up now. */
  async reconfigure(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.writing;
    await this.port.release();
    this.setUpFor = '';
    this.condition = { state: 'unknown', reason: '' };
    this.show({ kind: 'idle' });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.writing;
    await this.port.release();
  }

  /** Queues a screen; resolves once it (or a newer one that replaced it) was written or failed. */
  private put(screen: Screen): Promise<void> {
    this.waiting = screen;
    this.writing ??= this.drain();
    return this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting) {
        const screen = this.waiting;
        this.waiting = undefined;
        await this.write(screen);
      }
    } finally {
      // In the same turn as the last look at `waiting`: a screen put after it starts a new drain.
      this.writing = undefined;
    }
  }

  private async write(screen: Screen): Promise<void> {
    const s = this.options.settings();
    if (!s.enabled) return;
    const key = `${s.serialPath} ${s.baudRate} ${s.codePage} ${s.codeTable}`;
    try {
      if (s.serialPath === '') throw new Error('no serial port is set for the customer display');
      const setUp = key !== this.setUpFor || !this.port.isOpen(s.serialPath, s.baudRate);
      const link = await this.port.open(s.serialPath, s.baudRate);
      await withTimeout(link.write(screenBytes(screen, s, setUp)), WRITE_TIMEOUT_MS);
      this.setUpFor = key;
      this.report({ state: 'ready', reason: '' });
    } catch (err) {
      // The next screen opens the port again and sets the display up from scratch.
      this.setUpFor = '';
      await this.port.release();
      this.report({ state: 'unreachable', reason: err instanceof Error ? err.message : String(err) });
    }
  }

  private report(next: CustomerDisplayState): void {
    const was = this.condition;
    this.condition = next;
    if (was.state !== next.state || was.reason !== next.reason) this.options.changed?.(next);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the display's port took more than ${ms} ms to write`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
