/**
 * The limits of the HTTP face, in one place. MAX_BODY_BYTES must stay above the largest valid
 * request of the published contract (every string and array there is bounded); a test compares them.
 */

/** The largest request body the service reads: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Open connections at once; more are closed on accept. A shop's tills keep a few each. */
export const DEFAULT_MAX_CONNECTIONS = 512;

/**
 * Open connections from one address: a client without a key could otherwise hold every slot with
 * keep-alive requests that need none (GET /healthz). A till keeps at most 16; behind a reverse
 * proxy every client has the proxy's address, so there it is turned off (0).
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128;

/**
 * Request bytes held at once across all connections: bodies being received (a declared length
 * is reserved before its first byte is read) or being handled. Past it a request gets 503.
 */
export const DEFAULT_MAX_BODY_BYTES_IN_FLIGHT = 16 * MAX_BODY_BYTES;

/** A request (headers and body) must arrive within this time, or it gets 408 and the socket is closed. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The headers alone must arrive within this time (or the request timeout, if shorter). */
export const HEADERS_TIMEOUT_MS = 15_000;

/**
 * A refused request's body is read and dropped up to this many bytes, so that the client, which
 * is still sending, gets to read the answer instead of a reset (EPIPE). Past it the socket is closed.
 */
export const DISCARD_LIMIT_BYTES = 8 * MAX_BODY_BYTES;

export interface HttpLimits {
  readonly bodyBytes: number;
  readonly bodyBytesInFlight: number;
  readonly connections: number;
  /** 0: no cap per address. */
  readonly connectionsPerAddress: number;
  readonly requestTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  bodyBytes: MAX_BODY_BYTES,
  bodyBytesInFlight: DEFAULT_MAX_BODY_BYTES_IN_FLIGHT,
  connections: DEFAULT_MAX_CONNECTIONS,
  connectionsPerAddress: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
};
