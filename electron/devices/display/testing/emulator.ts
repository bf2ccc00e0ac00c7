/**
 * A pole display for the tests: it reads the DM-D commands the till sends (protocol.ts) as a
 * display would and keeps the two lines of 20 characters the customer would see, decoding bytes
 * 0x80–0xFF in the table the last ESC t chose (the tables it has are given, number to code page,
 * as a display's own list; any other shows '?'). Run over one end of a socat pty pair, so the
 * till's real serialport code writes to it.
 */
import { SerialPort } from 'serialport';
import type { PrinterCodePage } from '../../../../shared/bridge/api.js';
import { tableOf } from '../../printer/escpos/code-page.js';
import { COLUMNS, ESC, ROWS, US } from '../protocol.js';

const blank = () => Array.from({ length: ROWS }, () => Array<string>(COLUMNS).fill(' '));

export class DisplayScreen {
  private cells = blank();
  private row = 0;
  private col = 0;
  private table = 0;
  private scroll = false;
  /** The rest of a command whose bytes have not all arrived yet. */
  private pending: number[] = [];
  /** How many times the display was reset (ESC @). */
  resets = 0;
  cursorShown = true;

  constructor(private readonly tables: Readonly<Record<number, PrinterCodePage>> = { 17: 'cp866', 46: 'windows1251' }) {}

  /** The two lines as shown, 20 characters each. */
  lines(): [string, string] {
    return [this.cells[0]?.join('') ?? '', this.cells[1]?.join('') ?? ''];
  }

  /** The two lines without the spaces at their ends. */
  text(): [string, string] {
    const [a, b] = this.lines();
    return [a.trim(), b.trim()];
  }

  take(chunk: Uint8Array): void {
    this.pending.push(...chunk);
    let used = this.step(this.pending);
    while (used > 0) {
      this.pending = this.pending.slice(used);
      used = this.pending.length > 0 ? this.step(this.pending) : 0;
    }
  }

  /** Acts on the command at the start of `b`; returns the bytes it took, 0 when it needs more. */
  private step(b: readonly number[]): number {
    const first = b[0] as number;
    if (first === ESC) return this.escape(b);
    if (first === US) return this.unit(b);
    switch (first) {
      case 0x0c:
        this.cells = blank();
        this.home();
        break;
      case 0x0b:
        this.home();
        break;
      case 0x18:
        this.cells[this.row]?.fill(' ');
        this.col = 0;
        break;
      case 0x0d:
        this.col = 0;
        break;
      case 0x0a:
        this.row = Math.min(ROWS - 1, this.row + 1);
        break;
      case 0x08:
        this.col = Math.max(0, this.col - 1);
        break;
      case 0x09:
        this.advance();
        break;
      default:
        if (first >= 0x20) this.put(first);
    }
    return 1;
  }

  /** ESC @, ESC t n; ESC = n (the peripheral a shared line talks to) and ESC R n (international set) taken, nothing shown. */
  private escape(b: readonly number[]): number {
    const [, command, n] = b;
    if (command === undefined) return 0;
    if (command === 0x40) {
      this.reset();
      return 2;
    }
    if (command !== 0x74 && command !== 0x3d && command !== 0x52) return 2;
    if (n === undefined) return 0;
    if (command === 0x74) this.table = n;
    return 3;
  }

  /** The US commands: cursor moves, display modes, the cursor shown or not; blink and brightness taken. */
  private unit(b: readonly number[]): number {
    const [, command, x, y] = b;
    switch (command) {
      case undefined:
        return 0;
      case 0x24:
        if (x === undefined || y === undefined) return 0;
        if (x >= 1 && x <= COLUMNS && y >= 1 && y <= ROWS) {
          this.col = x - 1;
          this.row = y - 1;
        }
        return 4;
      case 0x01:
      case 0x02:
      case 0x03:
        this.scroll = command === 0x02;
        return 2;
      case 0x43:
      case 0x45:
      case 0x58:
        if (x === undefined) return 0;
        if (command === 0x43) this.cursorShown = x === 1;
        return 3;
      case 0x0a:
        this.row = 0;
        return 2;
      case 0x0d:
        this.col = COLUMNS - 1;
        return 2;
      case 0x42:
        this.row = ROWS - 1;
        return 2;
      default:
        return 2;
    }
  }

  private home(): void {
    this.row = 0;
    this.col = 0;
  }

  private reset(): void {
    this.cells = blank();
    this.home();
    this.table = 0;
    this.scroll = false;
    this.cursorShown = true;
    this.resets++;
  }

  private put(byte: number): void {
    const page = this.tables[this.table];
    const ch = byte < 0x80 ? String.fromCharCode(byte) : page ? (tableOf(page)[byte] ?? '?') : '?';
    const row = this.cells[this.row];
    if (row) row[this.col] = ch;
    this.advance();
  }

  /** Past the end of a line: the next line; past the lower one, the top left (overwrite) or a scroll up. */
  private advance(): void {
    if (++this.col < COLUMNS) return;
    this.col = 0;
    if (this.row < ROWS - 1) this.row++;
    else if (this.scroll) this.cells = [this.cells[1] ?? [], ...blank().slice(1)];
    else this.row = 0;
  }
}

/** The display's end of a pty pair, opened with serialport as a display would be wired. */
export function startSerialDisplay(
  path: string,
  baudRate = 9600,
  tables?: Readonly<Record<number, PrinterCodePage>>,
): Promise<{ screen: DisplayScreen; stop(): Promise<void> }> {
  const screen = new DisplayScreen(tables);
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  port.on('data', (chunk: Buffer) => screen.take(chunk));
  port.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    port.open((err) => {
      if (err) return reject(err);
      resolve({ screen, stop: () => new Promise((done) => (port.isOpen ? port.close(() => done()) : done())) });
    });
  });
}
