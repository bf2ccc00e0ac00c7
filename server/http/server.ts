/**
 * The HTTP face of the service: POST /v1/rpc, GET /healthz and, in front of a data folder of many
 * clients, GET /healthz/clients/<id> on node:http. The key is checked
 * (and rate-limited) from the headers before a byte of the body is read; the body is then read
 * under the size limit and the shared in-flight budget, handed to the gateway pipeline, and one
 * JSON answer is written. Every failure, even one the pipeline did not foresee, becomes the
 * documented error body, and every connection that gets an answer gets an HTTP one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../shared-node/log/logger.js';
import type { ApiKey } from '../auth/keys.js';
import { newRequestId } from '../gateway/request-id.js';
import { RpcError } from '../gateway/rpc-error.js';
import type { GatewayRequest, GatewayResponse, RequestFacts } from '../gateway/types.js';
import { announcesBody, endAfterDiscarding, readBody } from './body.js';
import { BodyBudget } from './budget.js';
import { DEFAULT_HTTP_LIMITS, DISCARD_LIMIT_BYTES, HEADERS_TIMEOUT_MS, type HttpLimits } from './limits.js';
import { UnauthorizedLog } from './unauthorized-log.js';

export interface HttpOptions {
  /** Checks the bearer key and the rate limit from the headers alone; throws the RpcError to answer. */
  readonly admit: (authorization: string | undefined, facts: RequestFacts) => ApiKey;
  readonly handle: (req: GatewayRequest) => Promise<GatewayResponse>;
  readonly health: () => Health;
  /** One client's health (its back office answers a read), by its id; undefined for no such client. */
  readonly clientHealth?: (id: string) => Health | undefined | Promise<Health | undefined>;
  readonly logger: Logger;
  readonly limits?: Partial<HttpLimits>;
}

/** What the server holds now, from its own counters (for monitors and tests). */
export interface HttpLoad {
  readonly connections: number;
  readonly bodyBytesInFlight: number;
  /** The most body bytes ever held at once. */
  readonly bodyBytesPeak: number;
}

export interface HttpServer {
  readonly server: Server;
  load(): HttpLoad;
}

export interface Health {
  readonly ok: boolean;
  readonly [fact: string]: unknown;
}

const CLIENT_HEALTH = '/healthz/clients/';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

type Outcome = { status: number; facts: RequestFacts; requestId: string } | { aborted: true; facts: RequestFacts };

export function createHttpServer(opts: HttpOptions): HttpServer {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...opts.limits };
  const budget = new BodyBudget(limits.bodyBytesInFlight);
  // Sockets whose request is being read (a timeout there is the route's to log) or whose refusal
  // was written while the body still came (a timeout there just closes).
  const phase = new WeakMap<Duplex, 'reading' | 'discarding'>();
  const ctx: RouteContext = { opts, limits, budget, phase };
  const unauthorized = new UnauthorizedLog(opts.logger);
  let connections = 0;

  const server = createServer(
    {
      // node:http ends a request that has not fully arrived in time (408, socket closed); it looks
      // every connectionsCheckingInterval, so that is kept small next to the timeout.
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(limits.requestTimeoutMs / 10))),
    },
    onRequest,
  );
  // A client that asks before sending its body (Expect: 100-continue) is told to go on only once
  // the headers passed; without this listener node:http would say so before anyone looked.
  server.on('checkContinue', onRequest);
  server.keepAliveTimeout = 65_000;
  server.maxConnections = limits.connections;
  // The counts of refusals not logged yet are written before the server is gone.
  server.on('close', () => unauthorized.close());

  function onRequest(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    route(req, res, ctx).then(
      (out) => logOutcome(req, out, started),
      (err: unknown) => opts.logger.log('error', 'unhandled', { error: String(err) }),
    );
  }

  function logOutcome(req: IncomingMessage, out: Outcome, started: number) {
    if ('aborted' in out) {
      // The client went away (or was timed out) before its body arrived: not an error.
      if (phase.get(req.socket) !== 'reading') return;
      phase.delete(req.socket);
      opts.logger.log('info', 'request aborted', { http: `${req.method} ${pathOf(req)}`, ...out.facts });
      return;
    }
    // 503 is the service refusing under load, as designed: a warning, not a fault of its own.
    const level = out.status === 503 ? 'warn' : out.status >= 500 ? 'error' : 'info';
    // A till logs warnings only: its requests then cost no log fields at all.
    if (opts.logger.enabled?.(level) === false) return;
    // A client without a key can be refused at no cost to itself: its lines are bounded per address,
    // and the line logged names the address, as the summary of the ones counted after it does.
    const refusedAddress = out.status === 401 ? (req.socket.remoteAddress ?? '') : undefined;
    if (refusedAddress !== undefined && !unauthorized.admit(refusedAddress)) return;
    opts.logger.log(level, 'request', {
      request_id: out.requestId,
      http: `${req.method} ${pathOf(req)}`,
      status: out.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(refusedAddress === undefined ? {} : { address: refusedAddress }),
      ...out.facts,
    });
  }

  /** Warnings of closed connections, at most one line per 10 s per kind, with how many since. */
  const dropLine = (() => {
    const last = new Map<string, { at: number; dropped: number }>();
    return (what: string, fields: Record<string, number>) => {
      const seen = last.get(what) ?? { at: 0, dropped: 0 };
      seen.dropped++;
      last.set(what, seen);
      const now = Date.now();
      if (now - seen.at < 10_000) return;
      opts.logger.log('warn', what, { ...fields, dropped: seen.dropped });
      last.set(what, { at: now, dropped: 0 });
    };
  })();
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    connections++;
    const address = socket.remoteAddress ?? '';
    const open = (perAddress.get(address) ?? 0) + 1;
    perAddress.set(address, open);
    socket.once('close', () => {
      connections--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    if (limits.connectionsPerAddress > 0 && open > limits.connectionsPerAddress) {
      socket.destroy();
      dropLine('connection limit of one address reached; its new connections are closed', {
        limit: limits.connectionsPerAddress,
      });
    }
  });
  server.on('drop', () => dropLine('connection limit reached; new connections are closed', { limit: limits.connections }));

  // CONNECT has its own event; without a listener node closes the socket without a word.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const err = new RpcError('HTTP_METHOD_NOT_ALLOWED', 'use POST /v1/rpc', [], { Allow: 'POST' });
    const requestId = writeRaw(socket, err);
    opts.logger.log('info', 'request', {
      request_id: requestId,
      http: `${req.method} ${req.url}`,
      status: err.http,
      code: err.code,
    });
  });

  // What node:http cannot hand to the request handler: a malformed request, headers too large,
  // a request that did not arrive in time, a client gone away.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const code = err.code ?? '';
    const state = phase.get(socket);
    // A client that half-closed before its body was in (HPE_INVALID_EOF_STATE while reading) went
    // away like one that reset: the route logs it once, as aborted, and there is no one to answer.
    const gone = code === 'ECONNRESET' || (code === 'HPE_INVALID_EOF_STATE' && state === 'reading');
    if (gone || !socket.writable || state === 'discarding') {
      socket.destroy();
      return;
    }
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const e = new RpcError('REQUEST_TIMEOUT', `the request did not arrive within ${limits.requestTimeoutMs} ms`);
      const requestId = writeRaw(socket, e);
      if (state === 'reading') {
        // The route sees the socket close; this is its one line.
        phase.delete(socket);
        opts.logger.log('info', 'request', { request_id: requestId, status: e.http, code: e.code });
      } else opts.logger.log('info', 'request', { request_id: requestId, status: e.http, code: e.code, cause: 'headers' });
      return;
    }
    if (code === 'HPE_HEADER_OVERFLOW') {
      socket.end('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.once('finish', () => socket.destroy());
      opts.logger.log('info', 'request', { status: 431, cause: code });
      return;
    }
    const e = new RpcError('INVALID_REQUEST', 'the request is not HTTP/1.1 this service understands');
    const requestId = writeRaw(socket, e);
    opts.logger.log('info', 'request', { request_id: requestId, status: e.http, code: e.code, cause: code });
  });

  return {
    server,
    load: () => ({ connections, bodyBytesInFlight: budget.inUse, bodyBytesPeak: budget.peak }),
  };
}

interface RouteContext {
  readonly opts: HttpOptions;
  readonly limits: HttpLimits;
  readonly budget: BodyBudget;
  readonly phase: WeakMap<Duplex, 'reading' | 'discarding'>;
}

function pathOf(req: IncomingMessage): string {
  let url = req.url ?? '/';
  // The absolute form (POST http://host/v1/rpc), which a server must accept (RFC 9112, 3.2.2):
  // the resource is its path.
  if (/^https?:\/\//i.test(url)) {
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    url = slash === -1 ? '/' : url.slice(slash);
  }
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The client waits for 100 Continue before it sends the body. */
const awaitsContinue = (req: IncomingMessage) => req.headers.expect?.toLowerCase() === '100-continue';

async function route(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<Outcome> {
  const { opts, limits, budget } = ctx;
  const path = pathOf(req);
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    const h = opts.health();
    const status = h.ok ? 200 : 503;
    send(res, status, NO_HEADERS, h, '');
    return { status, facts: {}, requestId: '' };
  }
  if (opts.clientHealth && path.startsWith(CLIENT_HEALTH) && (req.method === 'GET' || req.method === 'HEAD')) {
    let name = '';
    try {
      name = decodeURIComponent(path.slice(CLIENT_HEALTH.length));
    } catch {
      // A malformed escape names no client.
    }
    const h = name === '' ? undefined : await opts.clientHealth(name);
    if (!h) return refuse(req, res, ctx, new RpcError('NOT_FOUND', 'no such client'));
    const status = h.ok ? 200 : 503;
    send(res, status, NO_HEADERS, h, '');
    return { status, facts: {}, requestId: '' };
  }
  if (path !== '/v1/rpc')
    return refuse(req, res, ctx, new RpcError('NOT_FOUND', `nothing at ${path.slice(0, 200)}; the service answers POST /v1/rpc`));
  if (req.method !== 'POST')
    return refuse(req, res, ctx, new RpcError('HTTP_METHOD_NOT_ALLOWED', 'use POST /v1/rpc', [], { Allow: 'POST' }));

  // Who is asking, before a byte of the body is read: an unknown client costs no memory.
  const facts: RequestFacts = {};
  let key: ApiKey;
  try {
    key = opts.admit(req.headers.authorization, facts);
  } catch (err) {
    if (err instanceof RpcError) return refuse(req, res, ctx, err, facts);
    throw err;
  }
  // node:http joins a repeated header into one value ('a, b'), which would pass as one key.
  const idempotencyKeys = req.headersDistinct['idempotency-key']?.length ?? 0;
  if (idempotencyKeys > 1)
    return refuse(
      req,
      res,
      ctx,
      new RpcError('IDEMPOTENCY_KEY_INVALID', `send one Idempotency-Key header, not ${idempotencyKeys}`),
      facts,
    );
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return refuse(
      req,
      res,
      ctx,
      new RpcError('UNSUPPORTED_MEDIA_TYPE', 'send the body as Content-Type: application/json'),
      facts,
    );
  const limit = Math.min(limits.bodyBytes, budget.capacity);
  // node:http has checked Content-Length is a number; a chunked body has none and reserves as it comes.
  const declared = req.headers['content-length'] === undefined ? 0 : Number(req.headers['content-length']);
  if (declared > limit) return refuse(req, res, ctx, tooLarge(limit), facts);
  const hold = { bytes: declared };
  if (!budget.reserve(declared)) return refuse(req, res, ctx, busy(), facts);
  try {
    if (awaitsContinue(req)) res.writeContinue();
    ctx.phase.set(req.socket, 'reading');
    const body = await readBody(req, limit, budget, hold);
    if (body.kind === 'aborted') return { aborted: true, facts };
    ctx.phase.delete(req.socket);
    if (body.kind === 'too_large') return refuse(req, res, ctx, tooLarge(limit), facts);
    if (body.kind === 'busy') return refuse(req, res, ctx, busy(), facts);
    const out = await opts.handle({
      key,
      idempotencyKey: header(req.headers['idempotency-key']),
      cashier: header(req.headers['x-cashier']),
      confirmation: header(req.headers['x-manager-confirmation']),
      body: body.text,
      facts,
    });
    send(res, out.status, out.headers, out.body, out.requestId);
    return { status: out.status, facts: out.facts, requestId: out.requestId };
  } finally {
    budget.release(hold.bytes);
  }
}

const tooLarge = (limit: number) => new RpcError('PAYLOAD_TOO_LARGE', `the body is larger than ${limit} bytes`);

const busy = () =>
  new RpcError('SERVICE_BUSY', 'the service is receiving as many requests as it can hold; retry shortly', [], {
    'Retry-After': '1',
  });

/**
 * Answers a refusal. When the body has not been read (refused from the headers, or part way),
 * the answer is written at once with Connection: close, and ends once the client has finished
 * sending (the rest is dropped, up to a bound): a client that is still sending reads the answer
 * instead of a reset.
 */
function refuse(req: IncomingMessage, res: ServerResponse, ctx: RouteContext, err: RpcError, facts: RequestFacts = {}) {
  const requestId = newRequestId();
  const out = { status: err.http, facts: { ...facts, code: err.code }, requestId };
  if (req.complete || !announcesBody(req)) {
    send(res, err.http, err.headers, err.body(requestId), requestId);
    return out;
  }
  if (awaitsContinue(req)) {
    // Never told to send its body, the client sends none: answer and close.
    send(res, err.http, err.headers, err.body(requestId), requestId, true);
    return out;
  }
  const text = JSON.stringify(err.body(requestId));
  res.writeHead(err.http, responseHeaders(text, err.headers, requestId, true));
  res.write(text);
  ctx.phase.set(req.socket, 'discarding');
  endAfterDiscarding(req, res, DISCARD_LIMIT_BYTES);
  return out;
}

const NO_HEADERS: Readonly<Record<string, string>> = {};

/**
 * The headers of an answer as node:http's flat list (name, value, name, value…): written as they
 * are, without an object per answer to build and walk. `requestId` '' leaves X-Request-Id out.
 */
function responseHeaders(text: string, headers: Readonly<Record<string, string>>, requestId: string, close = false): string[] {
  const list = [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(text)),
    'Cache-Control',
    'no-store',
    'X-Content-Type-Options',
    'nosniff',
  ];
  for (const name in headers) list.push(name, headers[name] as string);
  if (requestId !== '') list.push('X-Request-Id', requestId);
  if (close) list.push('Connection', 'close');
  return list;
}

function send(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  requestId: string,
  close = false,
) {
  const text = JSON.stringify(body);
  res.writeHead(status, responseHeaders(text, headers, requestId, close));
  res.end(text);
}

/** An answer written straight to a socket node:http has given up on, which is then closed. */
function writeRaw(socket: Duplex, err: RpcError): string {
  const requestId = newRequestId();
  const text = JSON.stringify(err.body(requestId));
  const list = responseHeaders(text, err.headers, requestId, true);
  let head = `HTTP/1.1 ${err.http} ${STATUS_CODES[err.http]}\r\n`;
  for (let i = 0; i < list.length; i += 2) head += `${list[i]}: ${list[i + 1]}\r\n`;
  socket.end(`${head}\r\n${text}`);
  socket.once('finish', () => socket.destroy());
  return requestId;
}
