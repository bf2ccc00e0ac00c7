/**
 * The bridge's service: which one the till works with, a manager's switch to another (its writes
 * kept for the old one, or sent to the new one when it is the same shop's back office), an address
 * and key tested before anything is saved, and the status bar's probe.
 */
import type { CashdeskApi, ConnectionTest, PublicSettings, ServiceChange } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { op } from '../../../shared/contract/index.js';
import type { DeskContext } from '../desk/context.js';
import { bindingOf, EMBEDDED, serviceId } from '../secrets/key-ring.js';
import { checkService } from '../service/service-check.js';
import { publicSettings } from './settings.js';

type Deps = Pick<
  DeskContext,
  | 'settings'
  | 'keys'
  | 'current'
  | 'bound'
  | 'own'
  | 'store'
  | 'cache'
  | 'catalog'
  | 'client'
  | 'session'
  | 'connection'
  | 'drainer'
  | 'sync'
  | 'queueEvent'
>;

type ServiceApi = Pick<CashdeskApi, 'serviceSet' | 'serviceTest' | 'testConnection'>;

export function serviceBridge(d: Deps): ServiceApi {
  /** Checks an address with a key; the embedded service with its own key. */
  const check = async (url: string, key: string | undefined): Promise<ConnectionTest> => {
    if (serviceId(url) === EMBEDDED) {
      const own = await d.own.start();
      return checkService(own.url, d.keys.get(EMBEDDED));
    }
    return checkService(serviceId(url), key);
  };
  return {
    serviceSet: (change) => switchService(d, change, check),
    serviceTest: async ({ url, key }) => {
      const target = serviceId(url);
      // A stored key goes only to its own address: a new one is tested with the key typed for it.
      if (target !== EMBEDDED && key === undefined && target !== d.current()) {
        return {
          ok: false,
          latencyMs: null,
          upstream: null,
          error: { code: 'NO_API_KEY', message: 'enter the API key for this address to test it', details: [] },
        };
      }
      return check(target, key ?? d.keys.get(target));
    },
    testConnection: async (): Promise<ConnectionTest> => {
      const asked = d.bound();
      const t0 = performance.now();
      const outcome = await d.client.call(op.service.ping, {});
      const latencyMs = Math.round(performance.now() - t0);
      // A probe of the service before a switch must not make the status name that one again.
      const fresh = d.bound() === asked;
      if (outcome.kind === 'ok') {
        const { name, version } = outcome.result.upstream;
        if (fresh) {
          d.connection.set('online');
          d.connection.upstream = { name, version };
        }
        return { ok: true, latencyMs, error: null, upstream: { name, version } };
      }
      if (outcome.kind === 'retry' && fresh) d.connection.set(outcome.error.code === 'UNAUTHORIZED' ? 'unauthorized' : 'offline');
      return { ok: false, latencyMs: null, error: outcome.error, upstream: null };
    },
  };
}

/** A manager's switch: tested first, refused while writes wait for the old service and nobody said what becomes of them. */
async function switchService(
  d: Deps,
  change: ServiceChange,
  check: (url: string, key: string | undefined) => Promise<ConnectionTest>,
): Promise<PublicSettings> {
  d.session.mayChange('manager');
  const target = serviceId(change.url);
  if (target !== EMBEDDED && change.key === undefined && (target !== d.current() || !d.keys.has(target))) {
    throw new BridgeError('BAD_ARGUMENTS', 'a new service address needs the API key entered with it', [
      { path: 'change.key', problem: 'is required with a new address: a stored key is never sent to another address' },
    ]);
  }
  const key = change.key ?? d.keys.get(target);
  const tested = await check(target, key);
  if (!tested.ok && tested.error) throw BridgeError.from(tested.error);
  const from = d.bound();
  const to = bindingOf(target, target === EMBEDDED ? d.keys.get(EMBEDDED) : key);
  // Another address, or another key at this one (which may reach another shop's back office).
  const switching = to !== from;
  if (switching) refuseWhileWaiting(d, from, change);
  if (target !== EMBEDDED && change.key !== undefined) await d.keys.set(target, change.key);
  // Writes made for the new address before the key was part of the binding belong to it.
  if (target !== EMBEDDED) d.store.rebind(target, to, 'all');
  // The person says the new one is the same shop's back office: its Idempotency-Keys are known there.
  if (switching && change.queued === 'send') d.store.rebind(from, to, 'open');
  d.settings.update({ serviceUrl: target });
  if (switching) {
    // Another back office has other users: whoever signed in here signs in there.
    d.session.set(null);
    d.cache.clear();
    d.connection.switched(tested.upstream);
  } else d.connection.upstream = tested.upstream;
  d.drainer.kick();
  void d.sync.kick();
  d.queueEvent(null);
  return publicSettings(d);
}

function refuseWhileWaiting(d: Deps, from: string, change: ServiceChange): void {
  const open = d.store.counts(from);
  const waiting = open.queued + open.sending + open.refused + open.reconcile;
  if (waiting === 0 || change.queued !== undefined) return;
  const where = d.current() === EMBEDDED ? 'the embedded service' : `${d.current()} with the key stored for it`;
  throw new BridgeError(
    'QUEUED_WRITES',
    `${waiting} writes wait for ${where}; keep them for it, send them to the new one if it is the same shop's back office, or wait until they are sent`,
    [{ path: 'change.queued', problem: `${waiting} writes wait for the current service` }],
  );
}
