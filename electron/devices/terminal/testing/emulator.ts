/**
 * A bank card terminal for the tests, speaking the same JSON ECR protocol over TCP or a serial
 * port (one end of a socat pty pair). Each test scripts what the next financial operations come
 * to and how their answer travels: sent, lost (the terminal did it and never answered), or cut
 * (it did it and the link dropped before the answer). It remembers its last result, as a terminal
 * does, for getLastResult, and every request it got.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SerialPort } from 'serialport';
import { encodeFrame, FrameDecoder, type Message } from '../protocol/codec.js';

export interface Script {
  /** What the operation comes to (partial: approved for `amount` only, response code 0010). */
  readonly result: 'approve' | 'partial' | 'decline';
  /** How its answer travels: sent, never sent (a timeout at the till), or the link cut instead. */
  readonly answer?: 'send' | 'lose' | 'cut';
  /** Milliseconds before the answer (or the cut). */
  readonly delayMs?: number;
  /** The terminal's words for a decline. */
  readonly reason?: string;
  /** Approve another amount than asked (a faulty terminal). */
  readonly amount?: string;
  /** After this operation getLastResult goes unanswered (lastResultSilent(false) ends it). */
  readonly thenSilent?: boolean;
}

export interface EmulatorOptions {
  readonly terminalId?: string;
  /** getLastResult answers "in progress" this many times after an operation whose answer was lost. */
  readonly inProgressPolls?: number;
}

interface Peer {
  write(bytes: Buffer): void;
  cut(): void;
}

export class TerminalEmulator {
  /** Every request, in order: method (or ServiceMessage's msgType) and params. */
  readonly requests: { method: string; params: Record<string, unknown> }[] = [];
  private readonly scripts = new Map<string, Script[]>();
  private last: Record<string, unknown> | undefined;
  private seq = 0;
  private inProgress = 0;
  /** Set while an operation runs: another request is answered deviceBusy. */
  private busy = false;
  private lastResultAnswers: 'answer' | 'silent' = 'answer';
  readonly terminalId: string;

  constructor(private readonly options: EmulatorOptions = {}) {
    this.terminalId = options.terminalId ?? 'S1A00042';
  }

  /** What the next operations of this method (Purchase, Refund, Withdrawal) come to, in order; then approvals. */
  script(method: string, ...steps: Script[]): this {
    this.scripts.set(method, [...(this.scripts.get(method) ?? []), ...steps]);
    return this;
  }

  /** getLastResult goes unanswered (a terminal still away) or answered again. */
  lastResultSilent(silent: boolean): this {
    this.lastResultAnswers = silent ? 'silent' : 'answer';
    return this;
  }

  /** Forgets what was scripted and answers getLastResult again; the last result stays, as on a terminal. */
  reset(): this {
    this.scripts.clear();
    this.lastResultAnswers = 'answer';
    return this;
  }

  count(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  /** Handles the bytes of one peer (a TCP connection or the serial port). */
  protected attach(peer: Peer): (bytes: Buffer) => void {
    const decoder = new FrameDecoder();
    return (bytes) => {
      for (const frame of decoder.push(bytes)) if (frame.kind === 'message') void this.handle(frame.message, peer);
    };
  }

  private async handle(m: Message, peer: Peer): Promise<void> {
    const method = String(m.method ?? '');
    const params = (typeof m.params === 'object' && m.params !== null ? m.params : {}) as Record<string, unknown>;
    const msgType = method === 'ServiceMessage' ? String(params.msgType ?? '') : '';
    this.requests.push({ method: msgType || method, params });
    const send = (reply: Message) => peer.write(encodeFrame(reply));
    if (msgType === 'getLastResult') {
      if (this.lastResultAnswers === 'silent') return;
      if (this.inProgress > 0) {
        this.inProgress--;
        return send({ method, step: 0, params: { msgType, result: 2 }, error: false, errorDescription: '' });
      }
      return send({ method, step: 0, params: { msgType, result: 0, ...(this.last ?? {}) }, error: false, errorDescription: '' });
    }
    if (msgType !== '') return send({ method, step: 0, params: { msgType: 'methodNotImplemented' }, error: false });
    if (this.busy) return send({ method: 'ServiceMessage', step: 0, params: { msgType: 'deviceBusy' }, error: false });
    switch (method) {
      case 'PingDevice':
        return send({ method, step: 0, params: { code: '00', responseCode: '0000' }, error: false, errorDescription: '' });
      case 'Audit':
      case 'Verify':
        return send({
          method,
          step: 0,
          params: { responseCode: '0000', terminalId: this.terminalId, totalCount: String(this.seq), receipt: `${method} OK` },
          error: false,
          errorDescription: '',
        });
      case 'Purchase':
      case 'Refund':
      case 'Withdrawal':
        return this.operate(method, params, peer);
      default:
        return send({ method: 'ServiceMessage', step: 0, params: { msgType: 'methodNotImplemented' }, error: false });
    }
  }

  private async operate(method: string, params: Record<string, unknown>, peer: Peer): Promise<void> {
    const script = this.scripts.get(method)?.shift() ?? { result: 'approve' };
    this.busy = true;
    if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    this.seq++;
    const invoiceNumber = String(100 + this.seq).padStart(6, '0');
    const reply: Message =
      script.result !== 'decline'
        ? {
            method,
            step: 0,
            params: {
              amount: script.amount ?? String(params.amount ?? ''),
              approvalCode: String(400000 + this.seq),
              bankAcquirer: 'ПриватБанк',
              date: '28.11.2026',
              time: '12:00:00',
              invoiceNumber,
              issuerName: 'VISA',
              merchant: 'S1A00042',
              pan: '4731XXXXXXXX1234',
              paymentSystem: 'VISA',
              responseCode: script.result === 'partial' ? '0010' : '0000',
              rrn: String(612300000000 + this.seq),
              terminalId: this.terminalId,
            },
            error: false,
            errorDescription: '',
          }
        : {
            method,
            step: 0,
            params: { responseCode: '1002', invoiceNumber },
            error: true,
            errorDescription: script.reason ?? 'Відмова банку',
          };
    this.last = { method, ...(reply.params as object), error: reply.error, errorDescription: reply.errorDescription };
    this.busy = false;
    if (script.thenSilent) this.lastResultAnswers = 'silent';
    const answer = script.answer ?? 'send';
    if (answer === 'lose') {
      this.inProgress = this.options.inProgressPolls ?? 0;
      return;
    }
    if (answer === 'cut') return peer.cut();
    peer.write(encodeFrame(reply));
  }
}

/** The emulator listening on TCP (127.0.0.1, a free port), one connection at a time as a terminal. */
export class TcpTerminalEmulator extends TerminalEmulator {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.on(
        'data',
        this.attach({
          write: (b) => {
            if (!socket.destroyed) socket.write(b);
          },
          cut: () => socket.destroy(),
        }),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  /** Drops every connection now (a cable pulled). */
  cutAll(): void {
    for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The emulator on one end of a serial line (a socat pty pair's second end). */
export class SerialTerminalEmulator extends TerminalEmulator {
  private port: SerialPort | undefined;

  async start(path: string, baudRate = 115200): Promise<this> {
    const port = new SerialPort({ path, baudRate, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    port.on(
      'data',
      this.attach({
        write: (b) => {
          if (port.isOpen) port.write(b);
        },
        // A serial line has no connection to cut: the answer is simply never sent.
        cut: () => undefined,
      }),
    );
    this.port = port;
    return this;
  }

  async stop(): Promise<void> {
    const port = this.port;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }
}
