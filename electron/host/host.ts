/**
 * Browser mode: the same bridge as the desktop app, for a browser, over HTTP on 127.0.0.1 only.
 * Serves the built renderer, `POST /bridge/<message>` (a JSON array of arguments, answered with
 * the envelope of dispatch.ts) and `GET /bridge/events` (Server-Sent Events). Used by `npm start`
 * where Electron cannot run, by development, and by the end-to-end tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { RENDERER_HEADERS } from '../transport/csp.js';
import { type BridgeReply, dispatchBridge, type FaultLog, failure } from '../transport/dispatch.js';
import { readRendererFile } from '../transport/renderer-files.js';
import { HEARTBEAT_MS, streamEvents } from './event-stream.js';
import { checkCaller, newToken, tokenMatches } from './guards.js';

export interface HostOptions {
  readonly api: CashdeskApi;
  /** The built renderer (dist/renderer); without it only the bridge is served. */
  readonly staticDir?: string;
  /** 0 or absent: any free port. */
  readonly port?: number;
  readonly heartbeatMs?: number;
  readonly logFault?: FaultLog;
}

export interface Host {
  /** What a person opens: the token rides in the fragment, which browsers never send or log. */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const TOKEN_HEADER = 'x-cashdesk-token';
export const TOKEN_REFUSED = 'X-Cashdesk-Token-Refused';
const BODY_LIMIT = 1024 * 1024;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

const STATUS: Readonly<Record<string, number>> = {
  BAD_ARGUMENTS: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  UNKNOWN_MESSAGE: 404,
  NOT_FOUND: 404,
  HTTP_METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
};
/** Anything else is the core refusing on purpose (NO_API_KEY, the service's own codes). */
const statusOf = (reply: BridgeReply): number => (reply.ok ? 200 : (STATUS[reply.error.code] ?? 422));

export async function startHost(opts: HostOptions): Promise<Host> {
  const token = newToken();
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const logFault: FaultLog = opts.logFault ?? ((message, err) => console.error(`bridge ${message} failed:`, err));
  const streams = new Set<() => void>();
  let port = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checkCaller(req.headers, port);
    if (refusal) return sendReply(res, failure('FORBIDDEN', refusal.message), refusal.status);
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    if (!path.startsWith('/bridge/')) return serveStatic(req, res, path);

    const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
    const isEvents = path === '/bridge/events';
    // EventSource cannot set headers, so the stream alone takes the token from the query.
    const presented = isEvents ? (query.get('token') ?? undefined) : header(req, TOKEN_HEADER);
    // Said in a header too: a tab left open across a restart (a new token) tells it apart from the
    // service refusing the API key, and asks for the new address.
    if (!tokenMatches(token, presented))
      return sendReply(res, failure('UNAUTHORIZED', 'a valid token is required'), undefined, { [TOKEN_REFUSED]: '1' });

    if (isEvents) {
      if (req.method !== 'GET') return sendReply(res, failure('HTTP_METHOD_NOT_ALLOWED', 'use GET'), undefined, { Allow: 'GET' });
      const end = streamEvents(res, opts.api, heartbeatMs);
      streams.add(end);
      res.on('close', () => streams.delete(end));
      return;
    }
    if (req.method !== 'POST')
      return sendReply(res, failure('HTTP_METHOD_NOT_ALLOWED', 'use POST'), undefined, { Allow: 'POST' });
    // Also forces a CORS preflight on any cross-site attempt, which this host never answers.
    if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
      return sendReply(res, failure('UNSUPPORTED_MEDIA_TYPE', 'send the arguments as application/json'));
    const body = await readBody(req);
    if (body === undefined)
      return sendReply(res, failure('PAYLOAD_TOO_LARGE', `the body is over ${BODY_LIMIT} bytes`), undefined, {
        Connection: 'close',
      });
    let args: unknown;
    try {
      args = JSON.parse(body);
    } catch {
      return sendReply(
        res,
        failure('BAD_ARGUMENTS', 'the body must be a JSON array of arguments', [{ path: 'args', problem: 'is not JSON' }]),
      );
    }
    sendReply(res, await dispatchBridge(opts.api, path.slice('/bridge/'.length), args, logFault));
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...RENDERER_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('method not allowed');
      return;
    }
    const file = opts.staticDir === undefined ? undefined : await readRendererFile(opts.staticDir, path);
    if (file === undefined) {
      res.writeHead(404, { ...RENDERER_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(opts.staticDir === undefined ? 'the interface is not served here (no built renderer)' : 'not found');
      return;
    }
    res.writeHead(200, { ...RENDERER_HEADERS, 'Content-Type': file.type, 'Content-Length': file.body.length });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logFault(`${req.method} ${req.url?.split('?')[0]}`, err);
      if (res.headersSent) res.destroy();
      else sendReply(res, failure('INTERNAL', 'the host failed'));
    });
  });
  server.headersTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    token,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const end of streams) end();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sendReply(res: ServerResponse, reply: BridgeReply, status = statusOf(reply), extra: Record<string, string> = {}): void {
  const text = JSON.stringify(reply);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

/** The body as text, or undefined once it passes the limit (reading stops there). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) resolve(undefined);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
