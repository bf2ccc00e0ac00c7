/**
 * The HTTP face of the service: POST /v1/rpc and GET /healthz on node:http. It reads the body
 * under a size limit, hands it to the gateway pipeline and writes one JSON answer; every failure,
 * even one the pipeline did not foresee, becomes the documented error body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { GatewayRequest, GatewayResponse, RequestFacts } from '../gateway/pipeline.js';
import { newRequestId } from '../gateway/pipeline.js';
import { RpcError } from '../gateway/rpc-error.js';
import type { Logger } from '../log/logger.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface HttpOptions {
  readonly handle: (req: GatewayRequest) => Promise<GatewayResponse>;
  readonly health: () => { ok: boolean; [k: string]: unknown };
  readonly logger: Logger;
  readonly bodyLimit?: number;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export function createHttpServer(opts: HttpOptions): Server {
  const limit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const server = createServer((req, res) => {
    const started = performance.now();
    route(req, res, opts, limit).then(
      ({ status, facts, requestId }) =>
        opts.logger.log(status >= 500 ? 'error' : 'info', 'request', {
          request_id: requestId,
          http: `${req.method} ${pathOf(req)}`,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...facts,
        }),
      (err: unknown) => opts.logger.log('error', 'unhandled', { error: String(err) }),
    );
  });
  // A slow client must not hold a till's connection slot for ever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 65_000;
  return server;
}

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0] ?? '/';

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  opts: HttpOptions,
  limit: number,
): Promise<{ status: number; facts: RequestFacts; requestId: string }> {
  const path = pathOf(req);
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    const h = opts.health();
    const status = h.ok ? 200 : 503;
    send(res, status, {}, h);
    return { status, facts: {}, requestId: '' };
  }
  if (path !== '/v1/rpc')
    return refuse(req, res, new RpcError('NOT_FOUND', `nothing at ${path.slice(0, 200)}; the service answers POST /v1/rpc`));
  if (req.method !== 'POST')
    return refuse(req, res, new RpcError('HTTP_METHOD_NOT_ALLOWED', 'use POST /v1/rpc', [], { Allow: 'POST' }));
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return refuse(req, res, new RpcError('UNSUPPORTED_MEDIA_TYPE', 'send the body as Content-Type: application/json'));
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return refuse(req, res, tooLarge(limit), true);

  const body = await readBody(req, limit);
  if (body === undefined) return refuse(req, res, tooLarge(limit), true);
  const idem = req.headers['idempotency-key'];
  const cashier = req.headers['x-cashier'];
  const confirmation = req.headers['x-manager-confirmation'];
  const out = await opts.handle({
    authorization: req.headers.authorization,
    idempotencyKey: Array.isArray(idem) ? idem[0] : idem,
    cashier: Array.isArray(cashier) ? cashier[0] : cashier,
    confirmation: Array.isArray(confirmation) ? confirmation[0] : confirmation,
    body,
  });
  const requestId = (out.body as { request_id?: string }).request_id ?? '';
  send(res, out.status, { ...out.headers, 'X-Request-Id': requestId }, out.body);
  return { status: out.status, facts: out.facts, requestId };
}

const tooLarge = (limit: number) => new RpcError('PAYLOAD_TOO_LARGE', `the body is larger than ${limit} bytes`);

function refuse(req: IncomingMessage, res: ServerResponse, err: RpcError, closeAfter = false) {
  const requestId = newRequestId();
  const headers: Record<string, string> = { ...err.headers, 'X-Request-Id': requestId };
  // Unread body bytes would be taken as the next request on a kept-alive connection.
  if (closeAfter || !req.complete) headers.Connection = 'close';
  send(res, err.http, headers, err.body(requestId));
  if (!req.complete) req.resume();
  return { status: err.http, facts: { code: err.code }, requestId };
}

/** The body as text, or undefined once it passes the limit (reading stops there). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
