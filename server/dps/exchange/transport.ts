/**
 * POSTs to the fiscal server with node:http / node:https over one kept-alive agent, with a time
 * limit on connecting and on the whole exchange. What matters after a failure is whether the
 * request went out: a failure before the body was handed to the connection ("not-sent") means
 * the server cannot have taken it; after that ("lost") it may have, and the caller must ask.
 * Reasons are worded for a store manager and never carry what was sent.
 */
import http from 'node:http';
import https from 'node:https';
import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';

export type Endpoint = 'doc' | 'pck' | 'cmd';

export type HttpResult =
  | { readonly kind: 'answer'; readonly status: number; readonly type: string; readonly body: Buffer }
  | { readonly kind: 'not-sent'; readonly reason: string }
  | { readonly kind: 'lost'; readonly reason: string };

export interface TransportOptions {
  /** The server's address with its path, e.g. https://fs.tax.gov.ua:8643/fs. */
  readonly url: string;
  /** The whole exchange, from connecting to the last byte of the answer. */
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  /** Compress what is sent (the server takes gzip and deflate); off by default. */
  readonly compress?: 'gzip' | 'deflate' | false;
}

export interface Transport {
  post(endpoint: Endpoint, body: Buffer, contentType: string, query?: string): Promise<HttpResult>;
  close(): void;
}

/** An answer larger than this is no answer of the fiscal server's. */
const ANSWER_LIMIT = 16 * 1024 * 1024;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} с`;

function notSentReason(err: NodeJS.ErrnoException, connectTimeoutMs: number): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'податковий сервер не приймає з’єднань (ECONNREFUSED)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `адресу податкового сервера не знайдено (${err.code})`;
    case 'CONNECT_TIMEOUT':
      return `податковий сервер не відповідає: з’єднання не встановлено за ${seconds(connectTimeoutMs)}`;
    default:
      return `немає зв’язку з податковим сервером (${err.code ?? err.message})`;
  }
}

function lostReason(err: NodeJS.ErrnoException, timeoutMs: number): string {
  if (err.code === 'ANSWER_TIMEOUT') return `податковий сервер не відповів за ${seconds(timeoutMs)} після надсилання`;
  return `з’єднання з податковим сервером розірвано після надсилання (${err.code ?? err.message})`;
}

const failure = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'gzip') return gunzipSync(body);
  if (e === 'deflate') return inflateSync(body);
  return body;
}

export function createTransport(opts: TransportOptions): Transport {
  const base = new URL(opts.url.replace(/\/+$/, ''));
  const secure = base.protocol === 'https:';
  const client = secure ? https : http;
  const agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 8 }) : new http.Agent({ keepAlive: true, maxSockets: 8 });

  function post(endpoint: Endpoint, body: Buffer, contentType: string, query?: string): Promise<HttpResult> {
    const encoding = opts.compress || undefined;
    const payload = encoding === 'gzip' ? gzipSync(body) : encoding === 'deflate' ? deflateSync(body) : body;
    const path = `${base.pathname}/${endpoint}${query ? `?${query}` : ''}`;
    return new Promise<HttpResult>((resolve) => {
      let sent = false;
      let settled = false;
      const done = (r: HttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(whole);
        clearTimeout(connecting);
        resolve(r);
      };
      const req = client.request({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port || (secure ? 443 : 80),
        path,
        method: 'POST',
        agent,
        headers: {
          'Content-Type': contentType,
          'Content-Length': payload.length,
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        },
      });
      const whole = setTimeout(() => req.destroy(failure('ANSWER_TIMEOUT')), opts.timeoutMs);
      const connecting = setTimeout(() => {
        if (!sent) req.destroy(failure('CONNECT_TIMEOUT'));
      }, opts.connectTimeoutMs);
      req.on('socket', (socket) => {
        // A kept-alive socket is connected already.
        if (!socket.connecting) clearTimeout(connecting);
        else socket.once('connect', () => clearTimeout(connecting));
      });
      // The body is with the connection: from here the server may have it, whatever happens next.
      req.on('finish', () => {
        sent = true;
      });
      req.on('error', (err: NodeJS.ErrnoException) =>
        done(
          sent
            ? { kind: 'lost', reason: lostReason(err, opts.timeoutMs) }
            : { kind: 'not-sent', reason: notSentReason(err, opts.connectTimeoutMs) },
        ),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > ANSWER_LIMIT) req.destroy(failure('ANSWER_TOO_LARGE'));
          else chunks.push(c);
        });
        res.on('error', (err: NodeJS.ErrnoException) => done({ kind: 'lost', reason: lostReason(err, opts.timeoutMs) }));
        res.on('aborted', () => done({ kind: 'lost', reason: lostReason(failure('ECONNRESET'), opts.timeoutMs) }));
        res.on('end', () => {
          let answer: Buffer;
          try {
            answer = decompress(Buffer.concat(chunks), res.headers['content-encoding']);
          } catch {
            done({ kind: 'lost', reason: 'відповідь податкового сервера не розпаковується' });
            return;
          }
          done({ kind: 'answer', status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: answer });
        });
      });
      req.end(payload);
    });
  }

  return { post, close: () => agent.destroy() };
}
