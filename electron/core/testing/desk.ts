/**
 * A desk core in a temp folder for composition tests: pointed at a remote service (settings
 * written before the core starts, so it never starts an embedded one), or on its own embedded
 * back office. Every event it emits is kept, so a test can look through all of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeEvent, CashdeskApi, QueueItem, TerminalSettings } from '../../../shared/bridge/api.js';
import type { Logger } from '../../../shared-node/log/logger.js';
import { type Core, createCore } from '../core.js';
import type { CoreOptions } from '../options.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { SettingsStore } from '../settings/settings-store.js';

export const APP_VERSION = '9.8.7-test';
export const RUNTIME = `Node ${process.versions.node} (test)`;

export interface TestDesk {
  readonly core: Core;
  readonly api: CashdeskApi;
  readonly dataDir: string;
  readonly secretFile: string;
  readonly events: BridgeEvent[];
  /** Closes the core and keeps its folder, for a restart on the same data. */
  stop(): Promise<void>;
  /** Closes the core and removes its folder. */
  close(): Promise<void>;
}

export async function startDesk(
  opts: {
    serviceUrl?: string;
    apiKey?: string;
    demo?: boolean;
    dataDir?: string;
    logger?: Logger;
    logFiles?: CoreOptions['logFiles'];
    updater?: CoreOptions['updater'];
    updateEveryMs?: number;
    crashDir?: string;
    /** The card terminal the till is set up with before it starts, and its timing. */
    terminal?: Partial<TerminalSettings>;
    card?: CoreOptions['card'];
    scaleTimeoutMs?: number;
  } = {},
): Promise<TestDesk> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'desk-test-'));
  const secretFile = join(dataDir, 'api-key');
  const secrets = new FileSecretStore(secretFile);
  if (opts.serviceUrl !== undefined) new SettingsStore(join(dataDir, 'settings.json')).update({ serviceUrl: opts.serviceUrl });
  if (opts.terminal !== undefined) new SettingsStore(join(dataDir, 'settings.json')).update({ terminal: opts.terminal });
  if (opts.apiKey !== undefined) await secrets.set(opts.apiKey);
  const core = await createCore({
    dataDir,
    secrets,
    appVersion: APP_VERSION,
    runtime: RUNTIME,
    demo: opts.demo ?? false,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.logFiles ? { logFiles: opts.logFiles } : {}),
    ...(opts.updater ? { updater: opts.updater } : {}),
    ...(opts.updateEveryMs ? { updateEveryMs: opts.updateEveryMs } : {}),
    ...(opts.crashDir ? { crashDir: opts.crashDir } : {}),
    ...(opts.card ? { card: opts.card } : {}),
    ...(opts.scaleTimeoutMs ? { scaleTimeoutMs: opts.scaleTimeoutMs } : {}),
  });
  const events: BridgeEvent[] = [];
  core.api.onEvent((e) => events.push(e));
  await startupProbeSettled(core.api);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= core.close();
    return stopped;
  };
  return {
    core,
    api: core.api,
    dataDir,
    secretFile,
    events,
    stop,
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds; the drainer's own events would do, but a poll also survives a missed one. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  await eventually(
    async () => check(),
    (ok) => ok,
    what,
    timeoutMs,
  );
}

/**
 * Polls `get` until its value satisfies `check`, and returns that value: a snapshot taken after
 * the wait could already show the drainer's next step.
 */
export async function eventually<T>(
  get: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The item as the queue monitor shows it now. */
export async function itemOf(api: CashdeskApi, id: number): Promise<QueueItem> {
  const item = (await api.queueList()).find((i) => i.id === id);
  if (!item) throw new Error(`queue item ${id} is not in the list`);
  return item;
}

/**
 * The core probes the service as it starts. A test that changes the key or the network right
 * away must not race that probe's answer, so it waits (briefly: a core without the probe is fine).
 */
async function startupProbeSettled(api: CashdeskApi): Promise<void> {
  const deadline = Date.now() + 2000;
  while ((await api.status()).connection === 'unknown' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Nothing is waiting to be sent or being sent. */
export async function queueSent(api: CashdeskApi): Promise<boolean> {
  const { queue } = await api.status();
  return queue.queued + queue.sending === 0;
}
