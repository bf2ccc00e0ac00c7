/**
 * Each client's share of a process's recent calls: what tells one busy shop, whose own calls keep
 * more than one back office thread busy, from a shop among many that only happens to have a call
 * waiting behind another's (threads.ts copies the first into another thread, never the second).
 */

/** Calls remembered: about a second of a busy process, long enough that a coincidence is not a share. */
export const RECENT_CALLS = 100;

export class CallShares {
  private readonly clients: (string | undefined)[] = new Array(RECENT_CALLS);
  private readonly counts = new Map<string, number>();
  private next = 0;
  private seen = 0;

  /** A call of `client` was submitted. */
  note(client: string): void {
    const oldest = this.clients[this.next];
    if (oldest !== undefined) {
      const n = (this.counts.get(oldest) ?? 1) - 1;
      if (n > 0) this.counts.set(oldest, n);
      else this.counts.delete(oldest);
    }
    this.clients[this.next] = client;
    this.counts.set(client, (this.counts.get(client) ?? 0) + 1);
    this.next = (this.next + 1) % RECENT_CALLS;
    this.seen = Math.min(this.seen + 1, RECENT_CALLS);
  }

  /** The client's part of the recent calls, 0 to 1. */
  of(client: string): number {
    return this.seen === 0 ? 0 : (this.counts.get(client) ?? 0) / this.seen;
  }
}
