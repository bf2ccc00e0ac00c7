/**
 * A client of a bank card terminal that speaks PrivatBank's JSON ECR protocol, "ECR (electronic
 * cash registrar) протокол ПриватБанк (JSON based)", as its integrator document 1.0.1.6 describes
 * it (the public copy we read; later 1.0.3.x editions keep the link layer and these methods):
 * JSON objects ended by 0x00 over TCP or a serial port (protocol/codec.ts), a request
 * {method, step: 0, params} and an answer {method, step, params, error, errorDescription} that
 * repeats the request's method. Service messages ({method: "ServiceMessage", params: {msgType}})
 * are answered under the same msgType. The terminal does one thing at a time: a second request
 * while it works is answered with the service message deviceBusy. So the client sends one request
 * at a time, waits for the answer of that method (or its timeout), and keeps one link open,
 * opening it again after it was lost.
 *
 * What the client cannot know is said as an error, never guessed: a timeout or a lost link
 * (LinkError, TerminalTimeout) means the terminal may or may not have done it. The card payments
 * (electron/core/card) then ask the terminal for its last result before anything else.
 */
import { encodeFrame, FrameDecoder, type Message } from './protocol/codec.js';
import { type Link, LinkError, type Transport } from './transport/link.js';

/** No answer within the time the method may take: the terminal may still be doing it. */
export class TerminalTimeout extends Error {
  constructor(
    readonly method: string,
    ms: number,
  ) {
    super(`the terminal did not answer ${method} within ${ms} ms`);
    this.name = 'TerminalTimeout';
  }
}

/** The terminal said it is busy with another operation (deviceBusy) or does not know the method. */
export class TerminalRefusal extends Error {
  constructor(
    readonly kind: 'busy' | 'not_implemented',
    readonly method: string,
  ) {
    super(kind === 'busy' ? `the terminal is busy and did not take ${method}` : `the terminal does not implement ${method}`);
    this.name = 'TerminalRefusal';
  }
}

export interface Request {
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly timeoutMs: number;
}

interface Waiting {
  readonly method: string;
  readonly msgType: string | undefined;
  resolve(m: Message): void;
  reject(e: Error): void;
}

export interface TerminalClientOptions {
  /** Every frame the client could not read, and answers nobody waited for (the log; never card data). */
  readonly onStray?: (what: string) => void;
}

export class TerminalClient {
  private link: Link | undefined;
  private opening: Promise<Link> | undefined;
  private waiting: Waiting | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly decoder = new FrameDecoder();
  private closed = false;

  constructor(
    private readonly transport: Transport,
    private readonly options: TerminalClientOptions = {},
  ) {}

  get describe(): string {
    return this.transport.describe;
  }

  /** Sends one request after the ones before it were answered, and resolves with its answer. */
  request(req: Request): Promise<Message> {
    const run = this.queue.then(() => this.exchange(req));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the link; requests after this fail. */
  async close(): Promise<void> {
    this.closed = true;
    const link = this.link;
    this.link = undefined;
    this.waiting?.reject(new LinkError('the terminal client was closed'));
    this.waiting = undefined;
    await link?.close();
  }

  private async exchange(req: Request): Promise<Message> {
    if (this.closed) throw new LinkError('the terminal client was closed');
    const link = await this.connected();
    const msgType = req.method === 'ServiceMessage' ? String(req.params?.msgType ?? '') : undefined;
    const answer = new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new TerminalTimeout(msgType ?? req.method, req.timeoutMs));
      }, req.timeoutMs);
      this.waiting = {
        method: req.method,
        msgType,
        resolve: (m) => {
          clearTimeout(timer);
          this.waiting = undefined;
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          this.waiting = undefined;
          reject(e);
        },
      };
    });
    try {
      await link.write(encodeFrame({ method: req.method, step: 0, ...(req.params ? { params: req.params } : {}) }));
    } catch (err) {
      this.waiting?.reject(err instanceof Error ? err : new LinkError(String(err)));
    }
    return answer;
  }

  private connected(): Promise<Link> {
    if (this.link) return Promise.resolve(this.link);
    this.opening ??= this.transport
      .open()
      .then((link) => {
        this.decoder.reset();
        link.onData((bytes) => this.received(bytes));
        link.onClose((error) => {
          if (this.link === link) this.link = undefined;
          this.waiting?.reject(
            new LinkError(`the link to the terminal was lost: ${error?.message ?? 'closed'}`, { cause: error }),
          );
        });
        this.link = link;
        return link;
      })
      .finally(() => {
        this.opening = undefined;
      });
    return this.opening;
  }

  private received(bytes: Buffer): void {
    for (const frame of this.decoder.push(bytes)) {
      if (frame.kind === 'bad') {
        this.options.onStray?.(`unreadable frame from the terminal: ${frame.error.message}`);
        continue;
      }
      this.answer(frame.message);
    }
  }

  private answer(m: Message): void {
    const w = this.waiting;
    const method = String(m.method ?? '');
    const msgType = method === 'ServiceMessage' ? String((m.params as Message | undefined)?.msgType ?? '') : undefined;
    if (w && msgType === 'deviceBusy') w.reject(new TerminalRefusal('busy', w.msgType ?? w.method));
    else if (w && msgType === 'methodNotImplemented') w.reject(new TerminalRefusal('not_implemented', w.msgType ?? w.method));
    else if (w && method === w.method && (w.msgType === undefined || w.msgType === msgType)) w.resolve(m);
    // A late answer to a request that timed out, or the terminal's own notice: nobody waits for it.
    else this.options.onStray?.(`an answer nobody waited for: ${msgType ?? method}`);
  }
}
