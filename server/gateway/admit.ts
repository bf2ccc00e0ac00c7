/**
 * The first step of a request, on its headers alone, before the body is read: the bearer key, then
 * the key's rate limit. A request that fails here costs no body read and no back office.
 */
import type { ApiKey, KeyStore } from '../auth/keys.js';
import type { RateLimiting } from '../auth/rate-limit.js';
import { RpcError } from './rpc-error.js';
import type { RequestFacts } from './types.js';

const BEARER = /^Bearer +([^\s]+) *$/i;

export function authenticate(keys: KeyStore, header: string | undefined): ApiKey {
  const m = header ? BEARER.exec(header) : null;
  if (!m) {
    throw new RpcError('UNAUTHORIZED', 'send Authorization: Bearer <API key>', [], {
      'WWW-Authenticate': 'Bearer realm="retail-rpc"',
    });
  }
  const key = keys.verify(m[1] as string);
  if (!key) {
    throw new RpcError('UNAUTHORIZED', 'the API key is unknown or revoked', [], {
      'WWW-Authenticate': 'Bearer realm="retail-rpc", error="invalid_token"',
    });
  }
  return key;
}

export function admitter(keys: KeyStore, rateLimiter: RateLimiting | undefined) {
  return (authorization: string | undefined, facts: RequestFacts): ApiKey => {
    const key = authenticate(keys, authorization);
    facts.key = key.name;
    const wait = rateLimiter?.take(key.id) ?? 0;
    if (wait > 0)
      throw new RpcError('RATE_LIMITED', `too many requests; retry in ${wait} s`, [], { 'Retry-After': String(wait) });
    return key;
  };
}
