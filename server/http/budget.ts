/**
 * The bytes of request bodies held at once, across connections. A body's declared length is
 * reserved before it is read (a body without one reserves chunk by chunk), and released when its
 * answer is sent, so many slow clients cannot make the service hold more than the capacity.
 */
export class BodyBudget {
  private used = 0;
  private high = 0;

  constructor(readonly capacity: number) {}

  /** Takes n bytes if they fit; false (taking nothing) if they do not. */
  reserve(n: number): boolean {
    if (this.used + n > this.capacity) return false;
    this.used += n;
    if (this.used > this.high) this.high = this.used;
    return true;
  }

  release(n: number): void {
    this.used -= n;
  }

  get inUse(): number {
    return this.used;
  }

  /** The most ever held at once. */
  get peak(): number {
    return this.high;
  }
}
