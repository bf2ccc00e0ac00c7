/**
 * A byte link to the receipt printer, whatever carries it (TCP, a serial port, a Windows queue).
 * Opened for one job and closed after it: a network printer serves one connection at a time, and
 * a serial port left open holds it from everyone else.
 */
export interface PrinterLink {
  write(bytes: Uint8Array): Promise<void>;
  /** The next byte the printer sends, or undefined when none comes within `ms`. */
  readByte(ms: number): Promise<number | undefined>;
  /** Whether the printer can answer over it (status queries); a Windows queue cannot. */
  readonly answers: boolean;
  close(): Promise<void>;
}

/** The link could not be opened or was lost: the printer was not reached. */
export class LinkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LinkError';
  }
}

/** Bytes as they arrive, handed out one at a time to whoever waits for them. */
export class Inbox {
  private readonly bytes: number[] = [];
  private waiter: ((b: number | undefined) => void) | undefined;

  push(chunk: Uint8Array): void {
    for (const b of chunk) this.bytes.push(b);
    this.wake();
  }

  /** Drops what arrived unasked (a printer's automatic status, an echo) before a query. */
  clear(): void {
    this.bytes.length = 0;
  }

  next(ms: number): Promise<number | undefined> {
    if (this.bytes.length > 0) return Promise.resolve(this.bytes.shift());
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve(undefined);
      }, ms);
      this.waiter = (b) => {
        clearTimeout(timer);
        resolve(b);
      };
    });
  }

  private wake(): void {
    const w = this.waiter;
    if (!w || this.bytes.length === 0) return;
    this.waiter = undefined;
    w(this.bytes.shift());
  }
}
