/** The connection's word, alone: told only when it changes, and coming online asks the catalogue to catch up. */
import { expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge/api.js';
import { Connection } from './connection.js';
import { BridgeEvents } from './events.js';

it('tells each change once and asks for a catch-up each time the service comes back', () => {
  const events = new BridgeEvents();
  const told: BridgeEvent[] = [];
  events.listen((e) => told.push(e));
  let catchUps = 0;
  const c = new Connection(events, () => catchUps++);
  c.set('offline');
  c.set('offline');
  c.set('online');
  c.set('online');
  c.set('unauthorized');
  c.set('online');
  expect(told.map((e) => (e.type === 'connection' ? e.state : e.type))).toEqual(['offline', 'online', 'unauthorized', 'online']);
  expect(catchUps).toBe(2);
});

it('after a switch says online afresh with the new service’s name, even when the old one was online too', () => {
  const events = new BridgeEvents();
  const told: BridgeEvent[] = [];
  events.listen((e) => told.push(e));
  const c = new Connection(events, () => undefined);
  c.set('online');
  c.upstream = { name: 'old', version: '1' };
  c.switched({ name: 'new', version: '2' });
  expect(c.upstream).toEqual({ name: 'new', version: '2' });
  expect(told.filter((e) => e.type === 'connection')).toHaveLength(2);
});
