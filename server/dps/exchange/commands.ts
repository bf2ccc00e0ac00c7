/**
 * The fiscal server's JSON commands (POST /cmd?resultAsJson=true), each signed by the register's
 * key where the API asks for it, and their answers read into one shape: the answer, "absent"
 * (HTTP 204, or error 13), a refusal in any of its forms (refusal.ts), or no answer at all.
 * A command is only a question, so an answer lost on the way is simply none.
 */
import { randomUUID } from 'node:crypto';
import type { Signer } from '../signing/cms.js';
import { signContent } from '../signing/cms.js';
import { bodyText, jsonOf, jsonRefusal, refusalOf } from './refusal.js';
import type { Transport } from './transport.js';

export type Answer<T> =
  | { readonly kind: 'answer'; readonly value: T }
  | { readonly kind: 'absent' }
  | { readonly kind: 'rejected'; readonly code: number; readonly text: string }
  | { readonly kind: 'unreachable'; readonly reason: string };

const OCTETS = 'application/octet-stream';
const JSON_UTF8 = 'application/json; charset=utf-8';

export interface CommandClient {
  /** A command answered with JSON: the parsed object and its raw text (for numbers a double cannot hold). */
  json(
    payload: Record<string, unknown>,
    signer: Signer | undefined,
  ): Promise<Answer<{ value: Record<string, unknown>; raw: string }>>;
  /** A command answered with a document (Check, ZRep): its bytes. */
  bytes(payload: Record<string, unknown>, signer: Signer | undefined): Promise<Answer<Buffer>>;
}

export function commandClient(transport: Transport, now: () => Date): CommandClient {
  async function send(
    payload: Record<string, unknown>,
    signer: Signer | undefined,
  ): Promise<Answer<{ type: string; body: Buffer }>> {
    const json = Buffer.from(JSON.stringify({ ...payload, UID: randomUUID() }), 'utf8');
    const body = signer ? signContent(json, signer, now()) : json;
    const r = await transport.post('cmd', body, signer ? OCTETS : JSON_UTF8, 'resultAsJson=true');
    if (r.kind !== 'answer') return { kind: 'unreachable', reason: r.reason };
    if (r.status === 204) return { kind: 'absent' };
    if (r.status === 200) {
      const refused = jsonRefusal(jsonOf(r.body));
      if (refused?.code === 13) return { kind: 'absent' };
      if (refused) return { kind: 'rejected', code: refused.code, text: refused.text };
      return { kind: 'answer', value: { type: r.type, body: r.body } };
    }
    const refused = refusalOf(r.status, r.body);
    if (refused?.code === 13) return { kind: 'absent' };
    if (refused) return { kind: 'rejected', code: refused.code, text: refused.text };
    return { kind: 'unreachable', reason: `податковий сервер відповів HTTP ${r.status}` };
  }

  return {
    async json(payload, signer) {
      const a = await send(payload, signer);
      if (a.kind !== 'answer') return a;
      const raw = bodyText(a.value.body);
      const value = jsonOf(a.value.body);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { kind: 'unreachable', reason: 'відповідь податкового сервера на запит не є JSON' };
      }
      return { kind: 'answer', value: { value: value as Record<string, unknown>, raw } };
    },
    async bytes(payload, signer) {
      const a = await send(payload, signer);
      return a.kind === 'answer' ? { kind: 'answer', value: a.value.body } : a;
    },
  };
}

/** A whole number a JSON answer carries under `name`, read from its text so that no digit is lost to a double. */
export function digitsOf(raw: string, name: string): string | undefined {
  return new RegExp(`"${name}"\\s*:\\s*"?(\\d+)"?`).exec(raw)?.[1];
}
