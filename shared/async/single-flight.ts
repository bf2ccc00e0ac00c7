/**
 * Work that runs one at a time and is never missed: a call while it runs asks for one more run
 * after it (however many calls came meanwhile) and gets the run under way. For bringing a copy
 * up to date (the till's catalogue copy, the page's copy of its goods): a change announced
 * while a pass reads is read by the next pass.
 */
export class SingleFlight {
  private running: Promise<void> | undefined;
  private again = false;

  /** `work` reports its own failures: a failed run ends like any other. */
  constructor(private readonly work: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.work()
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.run();
        }
      });
    return this.running;
  }

  /** Drops a run asked for meanwhile and waits for the one under way. */
  async settle(): Promise<void> {
    this.again = false;
    await this.running;
  }
}
