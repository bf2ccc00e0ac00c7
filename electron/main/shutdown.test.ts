import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { quitGracefully } from './shutdown.js';

/** Emits before-quit on quit() like Electron, unless a listener prevents it. */
function fakeApp() {
  const emitter = new EventEmitter();
  const app = {
    quits: 0,
    exited: false,
    on: (event: 'before-quit', listener: (e: { preventDefault(): void }) => void) => emitter.on(event, listener),
    quit() {
      app.quits++;
      let prevented = false;
      emitter.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) app.exited = true;
    },
  };
  return app;
}

describe('quitGracefully', () => {
  it('holds the quit until the core has closed, then quits', async () => {
    const app = fakeApp();
    let finish!: () => void;
    const close = vi.fn(() => new Promise<void>((r) => (finish = r)));
    quitGracefully(app, close);
    app.quit();
    expect(close).toHaveBeenCalledTimes(1);
    expect(app.exited).toBe(false);
    finish();
    await vi.waitFor(() => expect(app.exited).toBe(true));
  });

  it('closes the core once however often quit is asked', async () => {
    const app = fakeApp();
    let finish!: () => void;
    const close = vi.fn(() => new Promise<void>((r) => (finish = r)));
    quitGracefully(app, close);
    app.quit();
    app.quit();
    finish();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('still quits when closing fails, and reports it', async () => {
    const app = fakeApp();
    const errors: unknown[] = [];
    quitGracefully(
      app,
      () => Promise.reject(new Error('busy')),
      (e) => errors.push(e),
    );
    app.quit();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(errors).toHaveLength(1);
  });

  it('gives up waiting on a close that hangs', async () => {
    const app = fakeApp();
    const errors: unknown[] = [];
    quitGracefully(
      app,
      () => new Promise<void>(() => {}),
      (e) => errors.push(e),
      20,
    );
    app.quit();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(String(errors[0])).toContain('did not close');
  });
});
