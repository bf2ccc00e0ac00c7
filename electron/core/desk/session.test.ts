/** Who is signed in, alone: the rule "a till nobody signed in at yet is set up without one", and its end. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge/api.js';
import { SettingsStore } from '../settings/settings-store.js';
import { BridgeEvents } from './events.js';
import { Session } from './session.js';

let dir: string;
let settings: SettingsStore;
let madeByPerson: boolean;
let told: BridgeEvent[];
let session: Session;
const faults: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'session-'));
  settings = new SettingsStore(join(dir, 'settings.json'));
  madeByPerson = false;
  told = [];
  const events = new BridgeEvents();
  events.listen((e) => told.push(e));
  session = new Session({
    settings,
    store: { madeByPerson: () => madeByPerson },
    events,
    bound: () => 'https://shop.example|k1',
    logFault: (what) => faults.push(what),
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ANNA = { id: 7, name: 'Анна', role: 'cashier' as const };

it('lets anyone set up a till nobody signed in at, and asks for a manager once someone did', () => {
  expect(session.settingUp()).toBe(true);
  expect(() => session.mayChange('manager')).not.toThrow();
  session.set(ANNA);
  expect(settings.get().staffed).toEqual(['https://shop.example|k1']);
  expect(session.settingUp()).toBe(false);
  expect(() => session.mayChange('manager')).toThrow(expect.objectContaining({ code: 'NOT_A_MANAGER' }));
  expect(() => session.mayChange('signed-in')).not.toThrow();
  session.set(null);
  expect(() => session.mayChange('signed-in')).toThrow(expect.objectContaining({ code: 'NOT_SIGNED_IN' }));
  expect(told).toEqual([
    { type: 'session', cashier: ANNA },
    { type: 'session', cashier: null },
  ]);
});

it('takes a write a person left in the outbox as a sign that the till is staffed', () => {
  madeByPerson = true;
  expect(session.settingUp()).toBe(false);
  expect(() => session.mayChange('anyone')).not.toThrow();
  expect(() => session.mayChange('signed-in')).toThrow(expect.objectContaining({ code: 'NOT_SIGNED_IN' }));
});

it('records who made a write by id and name only', () => {
  expect(session.author()).toBeNull();
  session.set({ id: 3, name: 'Олег', role: 'manager' });
  expect(session.author()).toEqual({ id: 3, name: 'Олег' });
  expect(faults).toEqual([]);
});
