/**
 * Quitting waits for the core to close, so a write being sent gets its answer (or its timeout)
 * and is recorded, instead of being cut off mid-flight. A close that hangs is abandoned after a
 * while: the outbox survives a kill anyway and resends under the same key.
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

const CLOSE_LIMIT_MS = 20_000;

export function quitGracefully(
  app: QuittingApp,
  close: () => Promise<void>,
  onError: (err: unknown) => void = (err) => console.error('closing the core failed:', err),
  limitMs = CLOSE_LIMIT_MS,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        onError(new Error(`the core did not close within ${limitMs} ms`));
        resolve();
      }, limitMs);
    });
    Promise.race([close().catch(onError), limit]).finally(() => {
      clearTimeout(timer);
      state = 'closed';
      app.quit();
    });
  });
}
