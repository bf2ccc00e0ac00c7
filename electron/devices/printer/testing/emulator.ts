/**
 * An ESC/POS printer for the tests: it takes bytes over TCP (as a network printer on port 9100)
 * or over one end of a socat pty pair (as a serial printer), records every byte, and answers the
 * real-time status queries (DLE EOT n) found in what it takes, as its paper and cover are set.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SerialPort } from 'serialport';
import { type PaperAndCover, statusByte } from './status-bytes.js';

export class EmulatedPrinter {
  readonly state: PaperAndCover = { paper: 'ok', cover: 'closed', answers: true };
  private chunks: Buffer[] = [];
  /** How far into a DLE EOT n the bytes so far are (a query may arrive split across chunks). */
  private query: 0 | 1 | 2 = 0;

  /** Every byte taken so far (status queries included). */
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  reset(): void {
    this.chunks = [];
  }

  /** Takes a chunk; returns the status bytes to answer, in order. */
  take(chunk: Buffer): number[] {
    this.chunks.push(chunk);
    const answers: number[] = [];
    for (const b of chunk) {
      if (this.query === 2) {
        if (this.state.answers) answers.push(statusByte(b, this.state));
        this.query = 0;
      } else if (this.query === 1) this.query = b === 0x04 ? 2 : b === 0x10 ? 1 : 0;
      else if (b === 0x10) this.query = 1;
    }
    return answers;
  }
}

export interface RunningEmulator {
  readonly printer: EmulatedPrinter;
  readonly port: number;
  /** Connections taken so far. */
  connections(): number;
  /** Resolves once every connection the till opened is closed: all it sent has been taken. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function startTcpPrinter(): Promise<RunningEmulator> {
  const printer = new EmulatedPrinter();
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      const answers = printer.take(chunk);
      if (answers.length > 0) socket.write(Buffer.from(answers));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        printer,
        port,
        connections: () => count,
        settled: async () => {
          while (sockets.size > 0) await new Promise((r) => setTimeout(r, 5));
        },
        stop: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The printer's end of a pty pair, opened with serialport as a serial printer would be wired. */
export function startSerialPrinter(path: string, baudRate = 9600): Promise<{ printer: EmulatedPrinter; stop(): Promise<void> }> {
  const printer = new EmulatedPrinter();
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  port.on('data', (chunk: Buffer) => {
    const answers = printer.take(chunk);
    if (answers.length > 0) port.write(Buffer.from(answers));
  });
  port.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    port.open((err) => {
      if (err) return reject(err);
      resolve({ printer, stop: () => new Promise((done) => (port.isOpen ? port.close(() => done()) : done())) });
    });
  });
}
