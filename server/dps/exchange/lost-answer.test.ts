/**
 * A document that went out and whose answer never came back is never taken as "not registered":
 * the adapter asks the server what it holds at the document's local number. Against the HTTP
 * simulator's faults: the answer dropped after registering, the answer late past the timeout,
 * the request cut before it was read, the server gone with the answer. And what is refused
 * before anything goes out: no key, an unsigned document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineCredentials, SendOutcome } from '../port.js';
import type { Signer } from '../signing/cms.js';
import type { DpsExchange } from './dps-exchange.js';
import { NoKeyError, NotSignedError } from './errors.js';
import { keysOf, TestRegister } from './testing/register.js';
import { exchangeFor, fiscalAt, simulatorForTests } from './testing/simulator.js';

const SELLER = '3012345678';
const at = (n: number) => new Date(Date.UTC(2026, 2, 14, 10, n));

let env: Awaited<ReturnType<typeof simulatorForTests>>;
let seller: Signer;
let dps: DpsExchange;
let next = 20;
const fresh = () => new TestRegister({ numprro: String(4000000000 + next++), tin: SELLER, signer: seller });

beforeAll(async () => {
  env = await simulatorForTests((n) => (n.startsWith('40000000') ? { tin: SELLER } : undefined));
  seller = env.sim.issueSigner({ owner: 'Петренко Олена Іванівна', drfo: SELLER });
  dps = exchangeFor(env.sim, { signerFor: (n) => (n.startsWith('40000000') ? seller : undefined) }, { timeoutMs: 1_500 });
});

afterAll(async () => {
  dps.close();
  await env.sim.close();
});

function accepted(o: SendOutcome) {
  if (o.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(o)}`);
  return o;
}

describe('an answer lost after the document went out', () => {
  it('dropped after the server registered the opening: asked, accepted, with the offline session it handed out', async () => {
    const reg = fresh();
    env.sim.inject({ kind: 'drop-answer', on: 'doc' });
    const o = accepted(await dps.sendDocument(reg.openShift(at(0))));
    expect(o.fiscalNumber).toBe(await fiscalAt(dps, reg.setup.numprro, 1));
    // No ticket came, so no server time; the session comes from the register's state instead.
    expect(o.serverDate).toBeUndefined();
    expect(o.next).toEqual((await dps.registrarState(reg.setup.numprro))?.offline);
    expect(o.next).toBeDefined();
  });

  it('late past the timeout: asked, and accepted once the server says it holds it', async () => {
    const reg = fresh();
    accepted(await dps.sendDocument(reg.openShift(at(0))));
    env.sim.inject({ kind: 'delay', ms: 2_500, on: 'doc' });
    const o = await dps.sendDocument(reg.receipt(at(1)));
    expect(o).toMatchObject({ kind: 'accepted', fiscalNumber: expect.stringMatching(/^\d+$/) });
  });

  it('cut before the server read it: asked, and the server has nothing at that number, so unreachable', async () => {
    const reg = fresh();
    accepted(await dps.sendDocument(reg.openShift(at(0))));
    env.sim.inject({ kind: 'reset', on: 'doc' });
    const receipt = reg.receipt(at(1));
    const o = await dps.sendDocument(receipt);
    expect(o).toMatchObject({ kind: 'unreachable', reason: expect.stringContaining('документ № 2 не зареєстровано') });
    // Sent again, it is taken: nothing was registered the first time.
    accepted(await dps.sendDocument(receipt));
  });

  it('dropped, and the server gone with it: uncertain, to be asked again when it returns', async () => {
    const reg = fresh();
    accepted(await dps.sendDocument(reg.openShift(at(0))));
    env.sim.inject({ kind: 'drop-answer', on: 'doc', thenUnreachable: true });
    try {
      const o = await dps.sendDocument(reg.receipt(at(1)));
      expect(o).toMatchObject({
        kind: 'uncertain',
        reason: expect.stringContaining('не вдалося з’ясувати, чи сервер зареєстрував документ № 2'),
      });
    } finally {
      await env.sim.setReachable(true);
    }
    expect(await fiscalAt(dps, reg.setup.numprro, 2)).toMatch(/^\d+$/);
  });

  it('dropped where another device had taken the number: the server’s copy names another UID, so rejected', async () => {
    const reg = fresh();
    accepted(await dps.sendDocument(reg.openShift(at(0))));
    accepted(await dps.sendDocument(reg.receipt(at(1))));
    reg.localNum -= 1;
    env.sim.inject({ kind: 'drop-answer', on: 'doc' });
    const o = await dps.sendDocument(reg.receipt(at(2), '12.00'));
    expect(o).toMatchObject({ kind: 'rejected', code: 7, text: expect.stringContaining('зареєстрував інший документ') });
  });

  it('of a package: the server’s NextLocalNum says it was taken, and a retry sends only what it lacks', async () => {
    const reg = fresh();
    const open = accepted(await dps.sendDocument(reg.openShift(at(0))));
    const session = [reg.beginOffline(at(1), open.next as OfflineCredentials), reg.receipt(at(2)), reg.receipt(at(3))];
    env.sim.inject({ kind: 'drop-answer', on: 'pck' });
    expect(await dps.sendPackage(session)).toEqual({ kind: 'accepted' });

    // The same documents again with the session's end: only the end goes, and it brings the next session.
    const before = env.sim.received.pck;
    const end = await dps.sendPackage([...session, reg.endOffline(at(4))]);
    expect(end).toEqual({ kind: 'accepted', next: expect.objectContaining({ id: expect.any(Number) }) });
    expect(env.sim.received.pck).toBe(before + 1);
  });

  it('of a package whose end was taken with its answer lost: the next session from the register’s state', async () => {
    const reg = fresh();
    const open = accepted(await dps.sendDocument(reg.openShift(at(0))));
    const session = [reg.beginOffline(at(1), open.next as OfflineCredentials), reg.receipt(at(2)), reg.endOffline(at(3))];
    env.sim.inject({ kind: 'drop-answer', on: 'pck' });
    const o = await dps.sendPackage(session);
    expect(o).toEqual({ kind: 'accepted', next: (await dps.registrarState(reg.setup.numprro))?.offline });
    expect(o.kind === 'accepted' && o.next?.id).not.toBe(open.next?.id);
  });
});

describe('nothing goes out', () => {
  it('while the server refuses connections: unreachable', async () => {
    const reg = fresh();
    await env.sim.setReachable(false);
    // A kept-alive connection the server has just closed would take the request and lose it (uncertain);
    // the client learns of the close a moment later, as it would of a server gone long before.
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      expect(await dps.sendDocument(reg.openShift(at(0)))).toMatchObject({
        kind: 'unreachable',
        reason: expect.stringContaining('ECONNREFUSED'),
      });
      expect(await dps.sendPackage([reg.receipt(at(1))])).toMatchObject({ kind: 'unreachable' });
      expect(await dps.registrarState(reg.setup.numprro)).toBeUndefined();
      expect(await fiscalAt(dps, reg.setup.numprro, 1)).toBeUndefined();
    } finally {
      await env.sim.setReachable(true);
    }
  });

  it('for a register without an unlocked key: NoKeyError, before anything is sent', async () => {
    const keyless = exchangeFor(env.sim, keysOf({}));
    const reg = fresh();
    const before = { ...env.sim.received };
    try {
      await expect(keyless.sendDocument(reg.openShift(at(0)))).rejects.toThrow(NoKeyError);
      await expect(keyless.sendPackage([reg.receipt(at(1))])).rejects.toThrow(NoKeyError);
      await expect(keyless.registrarState(reg.setup.numprro)).rejects.toThrow(NoKeyError);
      expect(env.sim.received).toEqual(before);
    } finally {
      keyless.close();
    }
  });

  it('for a document handed over unsigned: NotSignedError', async () => {
    const reg = fresh();
    const made = reg.openShift(at(0));
    await expect(dps.sendDocument({ ...made, body: made.xml })).rejects.toThrow(NotSignedError);
  });
});
