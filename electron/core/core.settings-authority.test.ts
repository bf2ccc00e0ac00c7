/**
 * Issue 20, item 2: with the till locked, Settings changed the till number and the cash box and
 * saved them, keeping till 1's register. The main process now refuses a change of the till's
 * identity or its service unless a manager is signed in, and the printer, quick keys and idle lock
 * unless someone is, whatever the interface shows; a till nobody has signed in at yet is set up freely.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type TestDesk } from './testing/desk.js';

const CASHIER = { kasm: 1, card: '1003', pin: '3003' };
const MANAGER = { kasm: 1, card: '1002', pin: '2002' };

let desk: TestDesk;
beforeAll(async () => {
  desk = await startDesk({ demo: true });
});
afterAll(async () => {
  await desk?.close();
});

describe("the till's settings and who may change them", () => {
  it('are set up without a sign-in while nobody has signed in at this till', async () => {
    expect((await desk.api.settingsGet()).settingUp).toBe(true);
    const s = await desk.api.settingsUpdate({ till: { akas: 'KAS1' }, idleLockMinutes: 7 });
    expect(s.idleLockMinutes).toBe(7);
  });

  it("leave the till's identity and its service to a manager once a cashier has signed in", async () => {
    await desk.api.signIn(CASHIER);
    expect((await desk.api.settingsGet()).settingUp).toBe(false);
    await expect(desk.api.settingsUpdate({ till: { kasm: 2, akas: 'KAS2' } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await expect(desk.api.serviceSet({ url: 'http://127.0.0.1:9', key: 'rk_some_key_1234' })).rejects.toMatchObject({
      code: 'NOT_A_MANAGER',
    });
    expect((await desk.api.settingsGet()).till).toMatchObject({ kasm: 1, akas: 'KAS1' });
    // The card terminal is a manager's too: card money is booked on its word, and so is manual entry.
    await expect(desk.api.settingsUpdate({ terminal: { manualEntry: true } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await expect(desk.api.settingsUpdate({ terminal: { enabled: true, host: '10.0.0.9' } })).rejects.toMatchObject({
      code: 'NOT_A_MANAGER',
    });
    await expect(desk.api.terminalTest({ host: '127.0.0.1', port: 9 })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    expect((await desk.api.settingsGet()).terminal).toMatchObject({ enabled: false, manualEntry: false });
    // What a cashier may set up: the printer; and a till patch that changes nothing is no change.
    const s = await desk.api.settingsUpdate({ printer: { copies: 2 }, till: { kasm: 1 } });
    expect(s.printer.copies).toBe(2);
  });

  it('refuse everything but the language while the till is locked, after a restart too', async () => {
    await desk.api.signOut();
    await expect(desk.api.settingsUpdate({ till: { kasm: 2 } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await expect(desk.api.settingsUpdate({ printer: { copies: 3 } })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await expect(desk.api.settingsUpdate({ idleLockMinutes: 0 })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await expect(desk.api.serviceSet({ url: '' })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    expect((await desk.api.settingsUpdate({ language: 'en' })).language).toBe('en');
    await desk.stop();
    desk = await startDesk({ demo: true, dataDir: desk.dataDir });
    await expect(desk.api.settingsUpdate({ till: { kasm: 2 } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
  });

  it('let a manager signed in change them', async () => {
    await desk.api.signIn(MANAGER);
    const s = await desk.api.settingsUpdate({ till: { kasm: 2, akas: 'KAS2' }, language: 'uk' });
    expect(s.till).toMatchObject({ kasm: 2, akas: 'KAS2' });
    const t = await desk.api.settingsUpdate({ terminal: { enabled: true, host: '127.0.0.1', port: 9, manualEntry: true } });
    expect(t.terminal).toMatchObject({ enabled: true, connection: 'tcp', host: '127.0.0.1', port: 9, manualEntry: true });
    // Nothing listens there: the test says so instead of failing.
    expect(await desk.api.terminalTest()).toMatchObject({ ok: false, code: 'unreachable' });
    expect((await desk.api.status()).terminal.state).toBe('unreachable');
  });
});
