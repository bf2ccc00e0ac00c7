/**
 * Reading a request body under the body limit and the shared budget, and dropping the rest of a
 * refused one. Nothing here rejects: a client that goes away is an outcome, not an error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyBudget } from './budget.js';

export type BodyOutcome =
  | { readonly kind: 'ok'; readonly text: string }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'busy' }
  | { readonly kind: 'aborted' };

/** A body being read: found on its request by the shared listeners below. */
interface Reading {
  readonly limit: number;
  readonly budget: BodyBudget;
  readonly hold: { bytes: number };
  readonly resolve: (outcome: BodyOutcome) => void;
  chunks: Buffer[];
  size: number;
}

const READING = Symbol('body being read');
type ReadRequest = IncomingMessage & { [READING]?: Reading | undefined };

/**
 * The body as text. `hold.bytes` were reserved for it beforehand (its declared length); a body
 * that outgrows them (one sent without Content-Length) reserves the rest chunk by chunk, and
 * `hold.bytes` says what the caller must release. Reading stops at the first refusal.
 *
 * The listeners are shared functions that find their state on the request: no closures are made
 * per request (under tsx each named closure also costs a defineProperty, a tenth of a ping).
 */
export function readBody(req: IncomingMessage, limit: number, budget: BodyBudget, hold: { bytes: number }): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    (req as ReadRequest)[READING] = { limit, budget, hold, resolve, chunks: [], size: 0 };
    req.on('data', onBodyData);
    req.on('end', onBodyEnd);
    // Closed before the end: the client went away, or the request timeout closed the socket.
    req.on('close', onBodyClose);
  });
}

function finishReading(req: ReadRequest, outcome: BodyOutcome | undefined): void {
  const r = req[READING];
  if (!r) return;
  req[READING] = undefined;
  req.off('data', onBodyData);
  req.off('end', onBodyEnd);
  req.off('close', onBodyClose);
  r.resolve(outcome ?? { kind: 'ok', text: textOf(r) });
}

function onBodyData(this: ReadRequest, chunk: Buffer): void {
  const r = this[READING];
  if (!r) return;
  r.size += chunk.length;
  if (r.size > r.limit) {
    finishReading(this, { kind: 'too_large' });
    return;
  }
  if (r.size > r.hold.bytes) {
    if (!r.budget.reserve(r.size - r.hold.bytes)) {
      finishReading(this, { kind: 'busy' });
      return;
    }
    r.hold.bytes = r.size;
  }
  r.chunks.push(chunk);
}

function onBodyEnd(this: ReadRequest): void {
  finishReading(this, undefined);
}

function onBodyClose(this: ReadRequest): void {
  finishReading(this, { kind: 'aborted' });
}

/** Most bodies come in one chunk: decoded as it is, without copying it first. */
const textOf = (r: Reading): string =>
  r.chunks.length === 1 ? (r.chunks[0] as Buffer).toString('utf8') : Buffer.concat(r.chunks, r.size).toString('utf8');

/** True when the request announces a body (a length above 0, or chunks). */
export const announcesBody = (req: IncomingMessage): boolean =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
  req.headers['transfer-encoding'] !== undefined;

/**
 * Ends an answer already written while the client may still be sending its body: the rest of
 * the body is read and dropped, so the client gets to read the answer rather than a reset, and
 * the answer ends (closing the connection) when the body has ended. Past `limit` dropped bytes
 * the socket is closed at once; the request timeout closes one that stops sending.
 */
export function endAfterDiscarding(req: IncomingMessage, res: ServerResponse, limit: number): void {
  if (req.readableEnded) {
    res.end();
    return;
  }
  let dropped = 0;
  const stop = () => {
    req.off('data', onData);
    req.off('end', onEnd);
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= limit) return;
    stop();
    res.end();
    req.socket.destroy();
  };
  const onEnd = () => {
    stop();
    res.end();
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.resume();
}
