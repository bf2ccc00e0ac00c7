/**
 * API keys bound to the service address they were entered for, kept in the SecretStore (one
 * value: JSON). A key is handed out only for its own address, so changing the address can never
 * send the stored key to another server; the embedded service keeps its own key beside the
 * remote one. A store written before keys were bound holds a bare key: it belongs to the address
 * the till was configured with then.
 */
import { createHash } from 'node:crypto';
import type { SecretStore } from './secret-store.js';

/** The embedded service's slot; remote services are keyed by their address. */
export const EMBEDDED = '';

/** One form of an address, so `http://host:8787/` and `http://host:8787` are one service. */
export const serviceId = (url: string): string => url.trim().replace(/\/+$/, '');

/**
 * Which back office a write, a cached answer or the catalogue copy belongs to: the address and
 * the key together, since on a service of many shops the key decides the shop. The key is named
 * by a fingerprint (64 bits of its SHA-256), never by itself. The embedded service is one back
 * office whatever its key.
 */
export const bindingOf = (service: string, key: string | undefined): string => {
  const id = serviceId(service);
  if (id === EMBEDDED) return EMBEDDED;
  return `${id}#${key === undefined ? 'no-key' : createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
};

/** The address of a binding, as a person reads it. */
export const addressOf = (binding: string): string => binding.replace(/#[0-9a-f]{16}$|#no-key$/, '');

interface Stored {
  readonly v: 1;
  readonly keys: Readonly<Record<string, string>>;
}

export class KeyRing {
  private keys: Record<string, string> = {};

  private constructor(private readonly store: SecretStore) {}

  /**
   * Loads the ring; a bare key of an older store is bound to `legacyService`, unless it is the
   * embedded service's own key (`isEmbeddedKey`): an older desk kept that key when only the address
   * was changed, and sent it there after every restart. It stays with its own service.
   */
  static async open(
    store: SecretStore,
    legacyService: string,
    isEmbeddedKey: (key: string) => boolean = () => false,
  ): Promise<KeyRing> {
    const ring = new KeyRing(store);
    const raw = await store.get();
    if (raw === undefined) return ring;
    const parsed = parse(raw);
    ring.keys = parsed ? { ...parsed.keys } : { [isEmbeddedKey(raw) ? EMBEDDED : serviceId(legacyService)]: raw };
    return ring;
  }

  get(service: string): string | undefined {
    return Object.hasOwn(this.keys, serviceId(service)) ? this.keys[serviceId(service)] : undefined;
  }

  has(service: string): boolean {
    return this.get(service) !== undefined;
  }

  /** Binds a key to a service. A remote key replaces any other remote one: a till works with one remote service. */
  async set(service: string, key: string): Promise<void> {
    const id = serviceId(service);
    const next: Record<string, string> = id === EMBEDDED ? { ...this.keys } : {};
    if (id !== EMBEDDED && this.keys[EMBEDDED] !== undefined) next[EMBEDDED] = this.keys[EMBEDDED];
    next[id] = key;
    await this.store.set(JSON.stringify({ v: 1, keys: next } satisfies Stored));
    this.keys = next;
  }
}

function parse(raw: string): Stored | undefined {
  if (!raw.startsWith('{')) return undefined;
  try {
    const v = JSON.parse(raw) as Stored;
    const ok = v.v === 1 && typeof v.keys === 'object' && Object.values(v.keys).every((k) => typeof k === 'string');
    return ok ? v : undefined;
  } catch {
    return undefined;
  }
}
