/**
 * Faults a test (or the demo) injects into the HTTP simulator, each used up by the requests it
 * applies to:
 *  - drop-answer: the next document or package is registered, then its connection is cut
 *    without an answer (the client sees a reset), and with `thenUnreachable` the server goes
 *    away at once, so the client cannot ask about it either;
 *  - delay: the next `times` answers wait `ms` first (a client's timeout runs out while the
 *    server has already registered the document);
 *  - reset: the next `times` requests are cut before they are read (nothing is registered).
 * Being unreachable altogether is a state, not a fault: setReachable.
 */
export type Endpoint = 'doc' | 'pck' | 'cmd';

export type Fault =
  | { readonly kind: 'drop-answer'; readonly on?: 'doc' | 'pck'; readonly thenUnreachable?: boolean }
  | { readonly kind: 'delay'; readonly ms: number; readonly on?: Endpoint; readonly times?: number }
  | { readonly kind: 'reset'; readonly on?: Endpoint; readonly times?: number };

interface Pending {
  fault: Fault;
  left: number;
}

export class Faults {
  private pending: Pending[] = [];

  add(fault: Fault): void {
    const times = fault.kind === 'drop-answer' ? 1 : (fault.times ?? 1);
    this.pending.push({ fault, left: times });
  }

  clear(): void {
    this.pending = [];
  }

  /** Takes the first pending fault of a kind that applies to a request at `endpoint`. */
  take<K extends Fault['kind']>(kind: K, endpoint: Endpoint): Extract<Fault, { kind: K }> | undefined {
    const p = this.pending.find((x) => x.fault.kind === kind && applies(x.fault, endpoint));
    if (!p) return undefined;
    p.left -= 1;
    if (p.left <= 0) this.pending = this.pending.filter((x) => x !== p);
    return p.fault as Extract<Fault, { kind: K }>;
  }
}

function applies(f: Fault, endpoint: Endpoint): boolean {
  if (f.kind === 'drop-answer') return f.on === undefined ? endpoint !== 'cmd' : f.on === endpoint;
  return f.on === undefined || f.on === endpoint;
}
