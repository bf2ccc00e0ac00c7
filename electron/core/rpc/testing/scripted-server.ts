/**
 * A real node:http server on a free loopback port whose answer each test scripts: a status and
 * body, garbage, a hang, a socket closed mid-way. Records what arrived, so a test can check the
 * headers the client sent (and that nothing was sent at all).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type Script = (req: Received, res: ServerResponse) => void;

export interface ScriptedServer {
  readonly url: string;
  readonly received: Received[];
  /** How the next requests are answered (until changed). */
  answer(script: Script): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Script =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const errorBody = (code: string, message = `refused: ${code}`, details: unknown[] = []) => ({
  ok: false,
  error: { code, message, details },
  request_id: 'req-1',
});

export const okBody = (operation = 'ping') => ({
  ok: true,
  data: {
    method: `service.${operation}`,
    result: { upstream: { name: 'test', version: '0.4.0', resource: 'service' }, status: { code: 'OK', operation }, rows: [] },
    id: null,
  },
  request_id: 'req-ok',
});

export async function startScriptedServer(): Promise<ScriptedServer> {
  const received: Received[] = [];
  let script: Script = json(200, okBody());
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      script(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(s) {
      script = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
