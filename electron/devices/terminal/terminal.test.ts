/**
 * The client against the emulator, over TCP and over a real serial line (a socat pty pair): the
 * requests a terminal takes, its answers, and what the client says when an answer never comes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasSocat, type PtyPair, ptyPair } from '../testing/pty-pair.js';
import { TerminalClient, TerminalRefusal, TerminalTimeout } from './client.js';
import { lastResult } from './operations/last-result.js';
import { cancel, purchase, refund } from './operations/payment.js';
import { ping } from './operations/ping.js';
import { audit, verify } from './operations/reports.js';
import { SerialTerminalEmulator, TcpTerminalEmulator } from './testing/emulator.js';
import { LinkError } from './transport/link.js';
import { serialTransport } from './transport/serial.js';
import { tcpTransport } from './transport/tcp.js';

const FAST = { payment: 400, report: 400, quick: 400 };

describe('the terminal client over TCP', () => {
  let emu: TcpTerminalEmulator;
  let client: TerminalClient;
  beforeEach(async () => {
    emu = await new TcpTerminalEmulator().start();
    client = new TerminalClient(tcpTransport('127.0.0.1', emu.port));
  });
  afterEach(async () => {
    await client.close();
    await emu.stop();
  });

  it('pings the terminal', async () => {
    expect(await ping(client, FAST)).toEqual({ ok: true, code: '0000', reason: '' });
  });

  it('reads an approved purchase with the details the fiscal document needs', async () => {
    const r = await purchase(client, '152.40', FAST);
    expect(r).toEqual({
      kind: 'approved',
      approval: expect.objectContaining({
        amount: '152.40',
        rrn: '612300000001',
        authCode: '400001',
        pan: '4731XXXXXXXX1234',
        paymentSystem: 'VISA',
        terminalId: 'S1A00042',
        acquirer: 'ПриватБанк',
        invoiceNumber: '000101',
      }),
    });
    expect(emu.requests[0]).toEqual({ method: 'Purchase', params: { amount: '152.40', discount: '', merchantId: 0 } });
  });

  it("reads a decline with the terminal's words", async () => {
    emu.script('Purchase', { result: 'decline', reason: 'Недостатньо коштів' });
    expect(await purchase(client, '10.00', FAST)).toEqual({ kind: 'declined', code: '1002', reason: 'Недостатньо коштів' });
  });

  it('says a lost answer as a timeout, and the last result then tells what the terminal did', async () => {
    emu.script('Purchase', { result: 'approve', answer: 'lose' });
    await expect(purchase(client, '10.00', FAST)).rejects.toBeInstanceOf(TerminalTimeout);
    const last = await lastResult(client, FAST);
    expect(last).toMatchObject({ state: 'done', method: 'Purchase', amount: '10.00', result: { kind: 'approved' } });
  });

  it('says a link cut mid-payment as a lost link, and connects again for the next request', async () => {
    emu.script('Purchase', { result: 'approve', answer: 'cut' });
    await expect(purchase(client, '10.00', FAST)).rejects.toBeInstanceOf(LinkError);
    expect(await lastResult(client, FAST)).toMatchObject({ state: 'done', result: { kind: 'approved' } });
  });

  it('says a terminal that is still working as in progress', async () => {
    const slow = await new TcpTerminalEmulator({ inProgressPolls: 1 }).start();
    const c = new TerminalClient(tcpTransport('127.0.0.1', slow.port));
    slow.script('Purchase', { result: 'decline', answer: 'lose' });
    await expect(purchase(c, '10.00', FAST)).rejects.toBeInstanceOf(TerminalTimeout);
    expect(await lastResult(c, FAST)).toEqual({ state: 'in_progress' });
    expect(await lastResult(c, FAST)).toMatchObject({ state: 'done', result: { kind: 'declined' } });
    await c.close();
    await slow.stop();
  });

  it('says none when the terminal has done nothing yet', async () => {
    expect(await lastResult(client, FAST)).toEqual({ state: 'none' });
  });

  it('refunds with the RRN and voids by the receipt number', async () => {
    expect(await refund(client, '5.00', '612300000009', FAST)).toMatchObject({ kind: 'approved' });
    expect(await cancel(client, '000101', FAST)).toMatchObject({ kind: 'approved' });
    expect(emu.requests.map((r) => r.method)).toEqual(['Refund', 'Withdrawal']);
    expect(emu.requests[0]?.params).toMatchObject({ amount: '5.00', rrn: '612300000009' });
    expect(emu.requests[1]?.params).toMatchObject({ invoiceNumber: '000101' });
  });

  it("runs the terminal's X (Audit) and Z (Verify)", async () => {
    expect(await audit(client, FAST)).toMatchObject({ kind: 'audit', ok: true });
    expect(await verify(client, FAST)).toMatchObject({ kind: 'verify', ok: true });
  });

  it('sends one request at a time, so the terminal is never asked while it works', async () => {
    emu.script('Purchase', { result: 'approve', delayMs: 150 });
    const [p, q] = await Promise.all([purchase(client, '1.00', FAST), ping(client, FAST)]);
    expect(p.kind).toBe('approved');
    expect(q.ok).toBe(true);
    expect(emu.requests.map((r) => r.method)).toEqual(['Purchase', 'PingDevice']);
  });

  it('says deviceBusy as a refusal', async () => {
    // A second till on the same terminal: this client's ping arrives while the other's purchase runs.
    const other = new TerminalClient(tcpTransport('127.0.0.1', emu.port));
    emu.script('Purchase', { result: 'approve', delayMs: 200 });
    const theirs = purchase(other, '1.00', FAST);
    await new Promise((r) => setTimeout(r, 50));
    await expect(ping(client, FAST)).rejects.toBeInstanceOf(TerminalRefusal);
    await theirs;
    await other.close();
  });

  it('refuses an amount the protocol cannot carry before sending anything', async () => {
    await expect(purchase(client, '1.5', FAST)).rejects.toBeInstanceOf(RangeError);
    await expect(purchase(client, '0.00', FAST)).rejects.toBeInstanceOf(RangeError);
    expect(emu.requests).toEqual([]);
  });

  it('says a terminal that is not there as a lost link', async () => {
    await emu.stop();
    await expect(ping(new TerminalClient(tcpTransport('127.0.0.1', emu.port)), FAST)).rejects.toBeInstanceOf(LinkError);
  });
});

describe.skipIf(!hasSocat())('the terminal client over a serial line (socat pty pair)', () => {
  let pair: PtyPair;
  let emu: SerialTerminalEmulator;
  let client: TerminalClient;
  beforeEach(async () => {
    pair = await ptyPair();
    emu = await new SerialTerminalEmulator().start(pair.device);
    client = new TerminalClient(serialTransport(pair.till));
  });
  afterEach(async () => {
    await client.close();
    await emu.stop();
    await pair.stop();
  });

  it('pays, declines and asks the last result through the real serialport code', async () => {
    expect(await ping(client, FAST)).toMatchObject({ ok: true });
    expect(await purchase(client, '99.99', FAST)).toMatchObject({ kind: 'approved', approval: { amount: '99.99' } });
    emu.script('Purchase', { result: 'decline', answer: 'lose' });
    await expect(purchase(client, '5.00', FAST)).rejects.toBeInstanceOf(TerminalTimeout);
    expect(await lastResult(client, FAST)).toMatchObject({ state: 'done', result: { kind: 'declined' } });
  });

  it('says a port that cannot be opened as a lost link', async () => {
    await expect(ping(new TerminalClient(serialTransport('/dev/no-such-port')), FAST)).rejects.toBeInstanceOf(LinkError);
  });
});
