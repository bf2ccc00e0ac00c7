/**
 * Reading a request as the fiscal server does: the Content-Type it takes for the endpoint (415
 * otherwise), the body inflated where Content-Encoding says gzip or deflate, and at most 200 KB
 * of it as sent before compression (416 otherwise).
 */
import type { IncomingMessage } from 'node:http';
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { MESSAGE_LIMIT_BYTES } from '../../format/limits.js';
import { refuse } from './replies.js';

/** What arrives compressed is read to this much at most before it is refused unread. */
const WIRE_LIMIT = 8 * MESSAGE_LIMIT_BYTES;

export type BodyKind = 'signed' | 'json';

const WRONG_TYPE = "Очікується значення 'Content-Type' рівне 'application/octet-stream' або 'application/json; charset=UTF-8'";
const TOO_LARGE = `Розмір повідомлення перевищує допустимий (${MESSAGE_LIMIT_BYTES / 1024} Кб)`;

/** Which kind of body the Content-Type announces, where the endpoint takes it. */
export function bodyKind(req: IncomingMessage, jsonAllowed: boolean): BodyKind {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/octet-stream') return 'signed';
  if (jsonAllowed && type === 'application/json') {
    const charset = /charset\s*=\s*"?([^";]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return 'json';
  }
  throw refuse(415, WRONG_TYPE);
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > WIRE_LIMIT) throw refuse(416, TOO_LARGE);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function inflate(raw: Buffer, encoding: string): Buffer {
  const limit = { maxOutputLength: MESSAGE_LIMIT_BYTES + 1 };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(raw, limit);
    try {
      return inflateSync(raw, limit);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      // Some clients send "deflate" without its zlib wrapper.
      return inflateRawSync(raw, limit);
    }
  } catch (err) {
    if (err instanceof RangeError) throw refuse(416, TOO_LARGE);
    throw refuse(400, `Повідомлення не розпаковується (Content-Encoding: ${encoding})`);
  }
}

/** The request's body as sent before compression; throws the server's refusal. */
export async function receive(req: IncomingMessage): Promise<Buffer> {
  const raw = await readAll(req);
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let body: Buffer;
  if (encoding === 'identity' || encoding === '') body = raw;
  else if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') body = inflate(raw, encoding);
  else throw refuse(415, `Непідтримуване значення 'Content-Encoding': ${encoding}. Допускаються gzip і deflate`);
  if (body.length > MESSAGE_LIMIT_BYTES) throw refuse(416, TOO_LARGE);
  return body;
}
