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

/**
 * The body as text. `hold.bytes` were reserved for it beforehand (its declared length); a body
 * that outgrows them (one sent without Content-Length) reserves the rest chunk by chunk, and
 * `hold.bytes` says what the caller must release. Reading stops at the first refusal.
 */
export function readBody(req: IncomingMessage, limit: number, budget: BodyBudget, hold: { bytes: number }): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: BodyOutcome) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done({ kind: 'too_large' });
      if (size > hold.bytes) {
        if (!budget.reserve(size - hold.bytes)) return done({ kind: 'busy' });
        hold.bytes = size;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done({ kind: 'ok', text: Buffer.concat(chunks, size).toString('utf8') });
    // Closed before the end: the client went away, or the request timeout closed the socket.
    const onClose = () => done({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

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
