/**
 * The core's events come in bursts: one write is three queue events (queued, sending, done) within
 * milliseconds. Reading the status and the shift again on each meant several bridge calls per
 * scanned line (a shift read is a service read too), each answered on the core's event loop
 * while the next scan waited behind them. A burst now reads them again once.
 */

/** How long after the first event of a burst its reads are made: one write's events fit in it. */
export const EVENT_BURST_MS = 200;

export interface Coalesced {
  (): void;
  cancel(): void;
}

/**
 * `fn` once, `ms` after the first call of a burst; a call after that starts the next burst, so
 * every call is followed by a run that comes after it.
 */
export function coalesce(fn: () => void, ms = EVENT_BURST_MS): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
