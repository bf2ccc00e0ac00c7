/**
 * Who may talk to the browser host. It listens on 127.0.0.1 only, but any local page and process
 * can reach that, so: a random per-run token (only the person given the URL has it), the Host
 * header must name the loopback (a DNS-rebound name is refused), and a browser-sent Origin or
 * Sec-Fetch-Site must say the request comes from the host's own page.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** 32 random bytes, base64url: 43 characters, safe in a URL fragment, a header and a query. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time, whatever the candidate's length: both sides are hashed to 32 bytes first. */
export function tokenMatches(token: string, candidate: string | undefined): boolean {
  if (candidate === undefined) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(token), digest(candidate));
}

export type Refusal = { readonly status: 421 | 403; readonly message: string } | undefined;

export function checkCaller(headers: IncomingHttpHeaders, port: number): Refusal {
  const host = headers.host?.toLowerCase();
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
    return { status: 421, message: `this host answers only to 127.0.0.1:${port} and localhost:${port}` };
  const origin = headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`)
    return { status: 403, message: 'requests from other sites are refused' };
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return { status: 403, message: 'requests from other sites are refused' };
  return undefined;
}
