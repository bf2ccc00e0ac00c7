/**
 * HTTP spoken by hand over a TCP socket, for tests of what ordinary clients never send: headers
 * without their body, a body that trickles or stops, CONNECT, methods node:http cannot parse.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body text as far as it arrived. */
  readonly body: string;
}

export interface RawConnection {
  readonly socket: Socket;
  /** Resolves with the first answer on the connection (once its headers and Content-Length bytes arrived). */
  readonly answer: Promise<RawAnswer>;
  /** Resolves when the socket has closed, with whether an answer came before. */
  readonly closed: Promise<{ answered: boolean }>;
  /** Writes without failing when the server has closed the connection. */
  send(text: string): void;
  /** Everything received so far, as text. */
  received(): string;
}

/** Opens a connection to `url` (http://host:port) and writes `head` (request line and headers) at once. */
/** `from`: the local address to connect from (any of 127.0.0.0/8 on a loopback service), as another machine would. */
export async function rawConnect(url: string, head?: string, from?: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, ...(from ? { localAddress: from } : {}) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  // A server that closed the connection makes later writes fail; the tests look at answers.
  socket.on('error', () => {});
  let received = '';
  let answered = false;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const onData = () => {
      const parsed = parse(received);
      if (!parsed) return;
      answered = true;
      socket.off('data', onData);
      resolve(parsed);
    };
    socket.on('data', onData);
    socket.once('close', () => {
      if (!answered) reject(new Error(`the connection closed without an answer${received ? `: ${received.slice(0, 200)}` : ''}`));
    });
  });
  answer.catch(() => {});
  const closed = new Promise<{ answered: boolean }>((resolve) => socket.once('close', () => resolve({ answered })));
  const send = (text: string) => {
    if (!socket.destroyed && socket.writable) socket.write(text);
  };
  if (head !== undefined) send(head);
  return { socket, answer, closed, send, received: () => received };
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = Number(headers['content-length'] ?? 0);
  if (Buffer.byteLength(body, 'latin1') < length) return undefined;
  return { status: Number(statusLine?.split(' ')[1]), headers, body };
}

/** A request head for POST /v1/rpc: the given headers, then the blank line. */
export function postHead(headers: Readonly<Record<string, string | number>>): string {
  const lines = Object.entries({ Host: 'localhost', 'Content-Type': 'application/json', ...headers }).map(
    ([k, v]) => `${k}: ${v}`,
  );
  return `POST /v1/rpc HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** Waits until `check` holds, looking every few milliseconds (the test's own timeout bounds it). */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}
