import { describe, expect, it } from 'vitest';
import { BRIDGE_MESSAGES, type BridgeEvent } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { checkBridgeArgs } from '../../shared/bridge/validate.js';
import { fakeApi, SAMPLE_VALUES, VALID_ARGS } from '../transport/testing/fake-api.js';
import { channelOf, EVENT_CHANNEL } from './channels.js';
import { type FrameLike, forwardBridgeEvents, type IpcMainLike, isAppMainFrame, registerBridgeIpc } from './ipc.js';

type Listener = Parameters<IpcMainLike['handle']>[1];

/** Stands in for ipcMain: keeps the handlers and lets a test invoke them as a frame would. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, listener: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel: string) => void handlers.delete(channel),
    invoke: (channel: string, senderFrame: FrameLike | null, ...args: unknown[]) => {
      const h = handlers.get(channel);
      if (!h) throw new Error(`no handler for ${channel}`);
      return h({ senderFrame }, ...args);
    },
  } satisfies IpcMainLike & Record<string, unknown>;
}

const mainFrame: FrameLike = { url: 'app://cashdesk/index.html', parent: null, processId: 4, routingId: 1 };
const setup = () => {
  const ipc = fakeIpcMain();
  const api = fakeApi();
  const dispose = registerBridgeIpc(
    ipc,
    api,
    (frame) => isAppMainFrame(frame, mainFrame),
    () => {},
  );
  return { ipc, api, dispose };
};

describe('registerBridgeIpc', () => {
  it('registers one handler per bridge message, and nothing else', () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(BRIDGE_MESSAGES.map((m) => `cashdesk:${m}`).sort());
  });

  it.each(BRIDGE_MESSAGES)('passes good arguments of %s to the core and answers its value', async (message) => {
    const { ipc, api } = setup();
    const reply = await ipc.invoke(channelOf(message), mainFrame, ...VALID_ARGS[message]);
    expect(reply).toEqual({ ok: true, value: SAMPLE_VALUES[message] });
    const expected = checkBridgeArgs(message, VALID_ARGS[message]);
    expect(api.calls).toEqual([{ message, args: expected.ok ? expected.args : [] }]);
  });

  it('refuses a frame that is not our main frame, before looking at the arguments', async () => {
    const { ipc, api } = setup();
    const strangers: (FrameLike | null)[] = [
      null,
      { ...mainFrame, url: 'https://evil.example/' },
      { ...mainFrame, url: 'file:///C:/Windows/x.html' },
      { ...mainFrame, url: 'app://elsewhere/index.html' },
      { ...mainFrame, parent: mainFrame },
      { ...mainFrame, routingId: 2 },
      { ...mainFrame, processId: 5 },
    ];
    for (const frame of strangers) {
      const call = ipc.invoke(channelOf('serviceSet'), frame, { url: '', key: 'k3y-abcdefgh' });
      await expect(call).rejects.toThrow(BridgeError);
      await expect(ipc.invoke(channelOf('status'), frame)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(api.calls).toEqual([]);
  });

  it('refuses bad arguments with their issue paths, and the core never sees them', async () => {
    const { ipc, api } = setup();
    const cases: [string, unknown[], string][] = [
      ['queueRetry', ['7'], 'args.id'],
      ['queueRetry', [], 'args'],
      ['queueReconcile', [7, ''], 'args.note'],
      ['serviceSet', [{ url: 'http://shop:8787', key: 'has space in it' }], 'change.key'],
      ['serviceSet', [{ url: 'javascript:alert(1)', key: 'k3y-abcdefgh' }], 'change.url'],
      ['serviceTest', [{ url: 'http://shop:8787', queued: 'keep' }], 'change.queued'],
      ['settingsUpdate', [{ serviceUrl: 'http://elsewhere' }], 'patch.serviceUrl'],
      ['write', ['pos.card_setting_save', { code: '1' }, { label: { key: 'x', values: { a: 1 } } }], 'options.label'],
      ['catalogSearch', [{ text: 'x'.repeat(201) }], 'query.text'],
      ['catalogMirror', [{ epoch: '', since: -1 }], 'query.since'],
      ['catalogMirror', [{ epoch: '', since: 0, limit: 5001 }], 'query.limit'],
      [
        'confirmManualPrice',
        [{ ndoc: 'K1', code: '1', quant: '1', price: '1.00', manager_card: '1002', pin: '12' }],
        'params.pin',
      ],
      ['reportError', [{ screen: 'sale' }], 'report.message'],
      ['loadKey', [{ kasm: 1, container: 'not base64!', password: 'secret-1' }], 'params.container'],
      ['unlockKey', [{ kasm: 1, password: '' }], 'params.password'],
      ['unlockKey', [{ kasm: 1, password: 'secret-1' }, { confirmation: -1 }], 'options.confirmation'],
      ['setKeyUnattended', [{ kasm: 1, password: 'secret-1' }], 'params.enabled'],
      ['write', ['pos.prro_key_unlock', { kasm: 1, password: 'secret-1' }], 'method'],
      ['settingsUpdate', [{ printer: { paperWidth: 76 } }], 'patch.printer.paperWidth'],
      ['settingsUpdate', [{ printer: { copies: 4 } }], 'patch.printer.copies'],
      ['printReceipt', [{ html: 'x'.repeat(256 * 1024 + 1), heightMm: 100 }], 'job.html'],
      ['printReceipt', [{ html: '<p>x</p>', heightMm: 100, printer: 'elsewhere' }], 'job.printer'],
      ['printers', ['POS-80'], 'args'],
      ['read', ['pos.card_setting_save', {}], 'method'],
      ['write', ['service.ping', {}], 'method'],
      ['status', [1], 'args'],
    ];
    for (const [message, args, path] of cases) {
      const reply = await ipc.invoke(`cashdesk:${message}`, mainFrame, ...args);
      expect(reply, message).toMatchObject({ ok: false, error: { code: 'BAD_ARGUMENTS' } });
      expect((reply as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toContain(path);
    }
    expect(api.calls).toEqual([]);
  });

  it('answers a fault of the core as INTERNAL without its text', async () => {
    const { ipc, api } = setup();
    api.failNext(new Error('disk I/O error at C:\\Users\\till'));
    const reply = await ipc.invoke(channelOf('status'), mainFrame);
    expect(reply).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(reply)).not.toContain('disk');
  });

  it('removes every handler it registered', () => {
    const { ipc, dispose } = setup();
    dispose();
    expect(ipc.handlers.size).toBe(0);
  });
});

describe('isAppMainFrame', () => {
  it('trusts only the top frame of our window showing an app://cashdesk/ page', () => {
    expect(isAppMainFrame(mainFrame, mainFrame)).toBe(true);
    expect(isAppMainFrame({ ...mainFrame, url: 'app://cashdesk/queue?x=1' }, mainFrame)).toBe(true);
    expect(isAppMainFrame(mainFrame, undefined)).toBe(false);
    expect(isAppMainFrame({ ...mainFrame, url: 'not a url' }, mainFrame)).toBe(false);
  });
});

describe('forwardBridgeEvents', () => {
  it('sends each core event to the window until unsubscribed, and never to a destroyed one', () => {
    const api = fakeApi();
    const sent: unknown[][] = [];
    let destroyed = false;
    const stop = forwardBridgeEvents(api, { send: (...args) => sent.push(args), isDestroyed: () => destroyed });
    const event: BridgeEvent = { type: 'connection', state: 'online' };
    api.emit(event);
    destroyed = true;
    api.emit(event);
    stop();
    expect(api.listenerCount()).toBe(0);
    expect(sent).toEqual([[EVENT_CHANNEL, event]]);
  });
});
