/**
 * A CAS scale in continuous output on the other end of a socat pty pair: it sends its line every
 * `everyMs` as a real one does, and the test (or the e2e spec) puts a weight on the pan, lets it
 * settle, overloads it, breaks the line or silences the scale.
 */
import { SerialPort } from 'serialport';

export type PanState = { readonly kind: 'weight'; readonly line: string } | { readonly kind: 'silent' };

export class ScaleEmulator {
  private port: SerialPort | undefined;
  private timer: NodeJS.Timeout | undefined;
  private state: PanState = { kind: 'weight', line: 'ST,GS,+  0.000kg' };

  constructor(
    private readonly path: string,
    private readonly baudRate = 9600,
    private readonly everyMs = 50,
  ) {}

  async start(): Promise<this> {
    const port = new SerialPort({ path: this.path, baudRate: this.baudRate, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    this.port = port;
    this.timer = setInterval(() => this.send(), this.everyMs);
    return this;
  }

  /** A weight in kilograms as the scale shows it ("1.234"); stable or still moving. */
  put(kg: string, stable = true, net = false): void {
    const sign = kg.startsWith('-') ? '-' : '+';
    const digits = kg.replace(/^-/, '').padStart(7, ' ');
    this.state = { kind: 'weight', line: `${stable ? 'ST' : 'US'},${net ? 'NT' : 'GS'},${sign}${digits}kg` };
  }
  overload(): void {
    this.state = { kind: 'weight', line: 'OL,GS,+ ------' };
  }
  silence(): void {
    this.state = { kind: 'silent' };
  }
  /** Silences the ticks and sends these bytes once, as they are (a broken line, half a line). */
  raw(bytes: string): void {
    this.state = { kind: 'silent' };
    this.port?.write(bytes);
  }

  private send(): void {
    const s = this.state;
    if (!this.port?.isOpen || s.kind === 'silent') return;
    this.port.write(`${s.line}\r\n`);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const port = this.port;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }
}
