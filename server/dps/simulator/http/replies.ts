/**
 * What the HTTP simulator answers, and how a refusal travels up to the place that writes it: a
 * handler throws a Refusal (an HTTP-level one: 401, 415, 416, 204, a gross format violation) or
 * an FsError (the server's numbered errors), and the server turns either into its answer.
 */
import type { FsError } from '../errors.js';

export interface Reply {
  readonly status: number;
  readonly type?: string;
  readonly body: Buffer | string;
}

/** An HTTP-level refusal: the request itself is not taken. */
export class Refusal extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
    this.name = 'Refusal';
  }
}

export const TEXT = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
export const OCTETS = 'application/octet-stream';

export const text = (status: number, body: string): Reply => ({ status, type: TEXT, body });
export const json = (value: unknown): Reply => ({ status: 200, type: JSON_TYPE, body: JSON.stringify(value) });
export const refuse = (status: number, body: string): Refusal => new Refusal(text(status, body));

/** "No content": what the server answers where it has nothing to give, and for a certificate it does not know. */
export const NO_CONTENT: Reply = { status: 204, body: '' };

/**
 * A numbered error as the plain (text) answer carries it: 404 for an unknown register (its own
 * HTTP code), 204 for "no data" (13), 400 for the rest; the text "Код помилки: N Name\r\n…".
 */
export function fsErrorReply(err: FsError): Reply {
  if (err.code === 13) return NO_CONTENT;
  return text(err.code === 1 ? 404 : 400, err.wireText);
}
