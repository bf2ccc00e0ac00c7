/**
 * Checks the arguments of every bridge message at the trust boundary (IPC handler, browser
 * host): the renderer is not trusted. Uses the contract language, so the rules read like the
 * registry's and produce the same issue paths.
 */
import { findOperation, type Issue, int, list, obj, oneOf, opt, req, str, validateParams } from '../contract/index.js';
import { type BridgeMessage, QUEUE_STATES } from './api.js';

const language = oneOf('uk', 'en');

const SHAPES = {
  writeOptions: { group: opt(str(200)), waitMs: opt(int(0, 30_000)), summary: opt(str(300)) },
  queueFilter: { states: opt(list(oneOf(...QUEUE_STATES), 0, QUEUE_STATES.length, true)), limit: opt(int(1, 5000)) },
  settingsPatch: {
    serviceUrl: opt(str(2048)),
    till: opt(obj({ kasm: opt(int(0)), akas: opt(str(512)), numprro: opt(str(4096)) })),
    language: opt(language),
  },
} as const;

export type BridgeCheck = { ok: true; args: unknown[] } | { ok: false; issues: Issue[] };

const bad = (path: string, problem: string): BridgeCheck => ({ ok: false, issues: [{ path, problem }] });

function checkArity(args: unknown[], min: number, max: number): BridgeCheck | undefined {
  if (!Array.isArray(args)) return bad('args', 'must be an array');
  if (args.length < min || args.length > max) return bad('args', `takes ${min === max ? min : `${min} to ${max}`} arguments`);
  return undefined;
}

function checkObject(
  fields: Parameters<typeof validateParams>[0],
  value: unknown,
  path: string,
  optional: boolean,
): BridgeCheck | unknown {
  if (value === undefined && optional) return undefined;
  const r = validateParams(fields, value, path);
  return r.ok ? r.value : { ok: false, issues: r.issues };
}

const isCheck = (v: unknown): v is BridgeCheck => typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;

const ID = { id: req(int(1)) } as const;
const NOTE = { note: req(str(500, { min: 1 })) } as const;

/** Validates the arguments of a bridge message; returns them with defaults applied. */
export function checkBridgeArgs(message: BridgeMessage, args: unknown[]): BridgeCheck {
  switch (message) {
    case 'read':
    case 'write': {
      const arity = checkArity(args, 2, message === 'write' ? 3 : 2);
      if (arity) return arity;
      const [method, params, options] = args;
      const op = typeof method === 'string' ? findOperation(method) : undefined;
      const kind = message === 'read' ? 'read' : 'write';
      if (!op || op.kind !== kind) return bad('method', `must be the name of a ${kind} operation`);
      const p = validateParams(op.params, params);
      if (!p.ok) return { ok: false, issues: p.issues };
      if (message === 'read') return { ok: true, args: [method, p.value] };
      const o = checkObject(SHAPES.writeOptions, options, 'options', true);
      return isCheck(o) ? o : { ok: true, args: [method, p.value, o ?? {}] };
    }
    case 'queueList': {
      const arity = checkArity(args, 0, 1);
      if (arity) return arity;
      const f = checkObject(SHAPES.queueFilter, args[0], 'filter', true);
      return isCheck(f) ? f : { ok: true, args: [f ?? {}] };
    }
    case 'queueRetry': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const r = validateParams(ID, { id: args[0] }, 'args');
      return r.ok ? { ok: true, args: [r.value.id] } : { ok: false, issues: r.issues };
    }
    case 'queueReconcile': {
      const arity = checkArity(args, 2, 2);
      if (arity) return arity;
      const r = validateParams({ ...ID, ...NOTE }, { id: args[0], note: args[1] }, 'args');
      return r.ok ? { ok: true, args: [r.value.id, r.value.note] } : { ok: false, issues: r.issues };
    }
    case 'settingsUpdate': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const p = checkObject(SHAPES.settingsPatch, args[0], 'patch', false);
      if (isCheck(p)) return p;
      const url = (p as { serviceUrl?: string }).serviceUrl;
      if (url !== undefined && url !== '' && !/^https?:\/\/[^\s/?#]+(?::\d+)?(?:\/[^\s?#]*)?$/.test(url))
        return bad('patch.serviceUrl', 'must be empty (the embedded service) or an http(s) URL');
      return { ok: true, args: [p] };
    }
    case 'setApiKey': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const key = args[0];
      if (typeof key !== 'string' || !/^[\x21-\x7e]{8,512}$/.test(key))
        return bad('key', 'must be 8 to 512 printable characters without spaces');
      return { ok: true, args: [key] };
    }
    case 'settingsGet':
    case 'testConnection':
    case 'status':
      return checkArity(args, 0, 0) ?? { ok: true, args: [] };
  }
}
