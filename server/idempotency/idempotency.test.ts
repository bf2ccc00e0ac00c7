import { createHash, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { UpstreamError } from '../upstream/upstream.js';

const WRITE = 'pos.excise_clear_pending';
const running: TestService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serviceWith(upstream: ReturnType<typeof fakeUpstream>, extra = {}) {
  const svc = await startTestService({ upstream, ...extra });
  running.push(svc);
  return svc;
}

const counting = (opts: { transactional?: boolean; delayMs?: number } = {}) => {
  let n = 0;
  return fakeUpstream(async () => {
    n++;
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    return { status: { affected: n } };
  }, opts);
};

describe.each([false, true])('idempotency (transactional upstream: %s)', (transactional) => {
  it('requires an Idempotency-Key on a write and refuses a malformed one', async () => {
    const svc = await serviceWith(counting({ transactional }));
    const missing = await svc.call(WRITE, {}, { idempotencyKey: null });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const bad = await svc.call(WRITE, {}, { idempotencyKey: 'tab\there' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    const long = await svc.call(WRITE, {}, { idempotencyKey: 'k'.repeat(256) });
    expect(long.body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((await svc.call(WRITE, {}, { idempotencyKey: 'k'.repeat(255) })).status).toBe(200);
    // Printable ASCII includes the space, as docs/operations.md says.
    expect((await svc.call(WRITE, {}, { idempotencyKey: 'sale 42 / line 3' })).status).toBe(200);
  });

  it('replays the stored answer to a repeat and performs the write once', async () => {
    const up = counting({ transactional });
    const svc = await serviceWith(up);
    const key = randomUUID();
    const first = await svc.call(WRITE, { kasm: 2, code: 'A' }, { idempotencyKey: key, id: 1 });
    const again = await svc.call(WRITE, { code: 'A', kasm: 2 }, { idempotencyKey: key, id: 2 });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.result).toEqual(first.body.data.result);
    expect(again.body.data.id).toBe(2);
    expect(up.countOf(WRITE)).toBe(1);
  });

  it('treats omitted members and their defaults as the same request', async () => {
    const up = counting({ transactional });
    const svc = await serviceWith(up);
    const key = randomUUID();
    await svc.call(WRITE, {}, { idempotencyKey: key });
    const r = await svc.call(WRITE, { code: '', kasm: 0 }, { idempotencyKey: key });
    expect(r.status).toBe(200);
    expect(up.countOf(WRITE)).toBe(1);
  });

  it('refuses a different request under a used key', async () => {
    const up = counting({ transactional });
    const svc = await serviceWith(up);
    const key = randomUUID();
    await svc.call(WRITE, { kasm: 1 }, { idempotencyKey: key });
    const other = await svc.call(WRITE, { kasm: 2 }, { idempotencyKey: key });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherMethod = await svc.call('pos.excise_bind_pending', { kasm: 1 }, { idempotencyKey: key });
    expect(otherMethod.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(up.calls).toHaveLength(1);
  });

  it('performs 50 concurrent requests with one key exactly once', async () => {
    const up = counting({ transactional, delayMs: transactional ? 0 : 50 });
    const svc = await serviceWith(up);
    const key = randomUUID();
    const all = await Promise.all(Array.from({ length: 50 }, () => svc.call(WRITE, { kasm: 7 }, { idempotencyKey: key })));
    expect(up.countOf(WRITE)).toBe(1);
    for (const r of all) {
      if (r.status === 200) expect(r.body.data.result.status.affected).toBe('1');
      else {
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
        expect(r.headers.get('retry-after')).toBe('1');
      }
    }
    expect(all.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const after = await svc.call(WRITE, { kasm: 7 }, { idempotencyKey: key });
    expect(after.status).toBe(200);
    expect(up.countOf(WRITE)).toBe(1);
  });

  it('scopes keys to the back office: a write whose answer was lost replays under a replaced API key', async () => {
    const up = counting({ transactional });
    const svc = await serviceWith(up);
    const { key: replaced } = svc.service.keys.create('till-1-new-key', 'all');
    const idem = randomUUID();
    // Under key A the write is performed; its answer never reaches the desk.
    const lost = await svc.call(WRITE, { kasm: 1, code: 'A' }, { idempotencyKey: idem });
    expect(lost.status).toBe(200);
    // The desk resends under key B: the same write, the stored answer, no second effect.
    const again = await svc.call(WRITE, { code: 'A', kasm: 1 }, { idempotencyKey: idem, key: replaced });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.result).toEqual(lost.body.data.result);
    expect(up.countOf(WRITE)).toBe(1);
    // A different request under key B with the same Idempotency-Key is refused.
    const other = await svc.call(WRITE, { kasm: 2, code: 'A' }, { idempotencyKey: idem, key: replaced });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(up.countOf(WRITE)).toBe(1);
  });

  it('sees a write in progress under one API key from another', async () => {
    const up = counting({ transactional, delayMs: transactional ? 0 : 100 });
    const svc = await serviceWith(up);
    const { key: second } = svc.service.keys.create('second-till', 'all');
    const idem = randomUUID();
    const [a, b] = await Promise.all([
      svc.call(WRITE, { kasm: 3 }, { idempotencyKey: idem }),
      svc.call(WRITE, { kasm: 3 }, { idempotencyKey: idem, key: second }),
    ]);
    expect(up.countOf(WRITE)).toBe(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    expect([a.status, b.status]).toContain(200);
  });

  it('does not need a key for reads, and ignores one sent', async () => {
    const up = counting({ transactional });
    const svc = await serviceWith(up);
    expect((await svc.call('service.ping', {}, { idempotencyKey: null })).status).toBe(200);
    expect((await svc.call('service.ping', {}, { idempotencyKey: 'x' })).status).toBe(200);
    expect((await svc.call('service.ping', {}, { idempotencyKey: 'x' })).status).toBe(200);
    expect(up.countOf('service.ping')).toBe(3);
  });
});

describe('unknown outcomes', () => {
  it('answers IDEMPOTENCY_RESULT_UNKNOWN after the upstream timed out with the write sent, and never performs it again', async () => {
    let hang = true;
    const up = fakeUpstream(async () => {
      if (hang) return new Promise(() => {});
      return { status: { affected: 1 } };
    });
    const svc = await serviceWith(up, { upstreamTimeoutMs: 200 });
    const key = randomUUID();
    const first = await svc.call(WRITE, {}, { idempotencyKey: key });
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe('UPSTREAM_FAILURE');
    hang = false;
    for (let i = 0; i < 3; i++) {
      const retry = await svc.call(WRITE, {}, { idempotencyKey: key });
      expect(retry.status).toBe(409);
      expect(retry.body.error.code).toBe('IDEMPOTENCY_RESULT_UNKNOWN');
    }
    expect(up.countOf(WRITE)).toBe(1);
  });

  it.each([false, true])(
    'answers IDEMPOTENCY_RESULT_UNKNOWN to a record left in progress by a process that died (transactional upstream: %s)',
    async (transactional) => {
      const up = counting({ transactional });
      const svc = await serviceWith(up);
      const keyId = (svc.service.db.prepare("SELECT id FROM api_keys WHERE name = 'test'").pluck().get() as string) ?? '';
      const { fingerprint } = await import('./fingerprint.js');
      svc.service.db
        .prepare(
          "INSERT INTO idempotency_records (idem_key, owner, key_id, fingerprint, method, state, result, created_at) VALUES (?, '', ?, ?, ?, ?, NULL, ?)",
        )
        .run('died-1', keyId, fingerprint(WRITE, { code: '', kasm: 0 }, {}), WRITE, 'in_progress', Date.now());
      const r = await svc.call(WRITE, {}, { idempotencyKey: 'died-1' });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('IDEMPOTENCY_RESULT_UNKNOWN');
      expect(up.calls).toHaveLength(0);
    },
  );

  it('takes the same write for another cashier as another request: IDEMPOTENCY_KEY_REUSED', async () => {
    const up = counting();
    const svc = await serviceWith(up);
    const key = randomUUID();
    const as = (cashier: string) => svc.call(WRITE, {}, { idempotencyKey: key, headers: { 'X-Cashier': cashier } });
    expect((await as('3')).status).toBe(200);
    expect((await as('3')).headers.get('idempotent-replayed')).toBe('true');
    const other = await as('4');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(up.calls).toHaveLength(1);
  });

  it('judges a record written before cashiers were fingerprinted by its method and params', async () => {
    const up = counting();
    const svc = await serviceWith(up);
    const keyId = svc.service.db.prepare("SELECT id FROM api_keys WHERE name = 'test'").pluck().get() as string;
    const answer = { upstream: { name: 'fake-backoffice', version: '0.4.0', resource: 'pos' }, status: { affected: 7 } };
    // The fingerprint of before: sha256 of the method and the canonical params, unmarked.
    const legacy = createHash('sha256').update(WRITE).update('\n').update('{"code":"","kasm":0}').digest('hex');
    svc.service.db
      .prepare(
        "INSERT INTO idempotency_records (idem_key, owner, key_id, fingerprint, method, state, result, created_at) VALUES (?, '', ?, ?, ?, 'done', ?, ?)",
      )
      .run('before-1', keyId, legacy, WRITE, JSON.stringify(answer), Date.now());
    const r = await svc.call(WRITE, {}, { idempotencyKey: 'before-1', headers: { 'X-Cashier': '3' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
    expect(up.calls).toHaveLength(0);
  });

  it('lets a write be retried with the same key when it certainly did not reach the upstream', async () => {
    let down = true;
    const up = fakeUpstream(async () => {
      if (down) throw new UpstreamError('connection refused', false);
      return { status: { affected: 1 } };
    });
    const svc = await serviceWith(up);
    const key = randomUUID();
    expect((await svc.call(WRITE, {}, { idempotencyKey: key })).status).toBe(502);
    down = false;
    const retry = await svc.call(WRITE, {}, { idempotencyKey: key });
    expect(retry.status).toBe(200);
  });
});

describe('two gateways on one back office (a second process on the same files)', () => {
  it('answers a key the other performed while this one waited for the write lock, and does not perform it again', async () => {
    const params = { code: 'A', kasm: 2 };
    let svc: TestService | undefined;
    let performed = 0;
    let raceFor: string | undefined;
    const up = fakeUpstream(() => ({ status: { affected: ++performed } }), { transactional: true });
    const call = up.call.bind(up);
    // Between this gateway's first look and its write lock, the other process commits the same key.
    up.call = async (c, hooks) => {
      if (raceFor && svc) {
        const { fingerprint } = await import('./fingerprint.js');
        const { IdempotencyStore } = await import('./store.js');
        const answer = { upstream: { name: 'fake-backoffice', version: '0.4.0', resource: 'pos' }, status: { affected: 99 } };
        new IdempotencyStore(svc.service.db).saveDone(
          raceFor,
          'other-process',
          fingerprint(WRITE, params, {}),
          WRITE,
          answer as never,
        );
      }
      return call(c, hooks);
    };
    svc = await serviceWith(up);
    raceFor = randomUUID();
    const r = await svc.call(WRITE, params, { idempotencyKey: raceFor });
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
    expect(r.body.data.result.status).toEqual({ affected: 99 });
    expect(performed).toBe(0);
  });
});

describe('an in-process back office', () => {
  it('looks at a new key once, under the write lock: no look before it', async () => {
    const svc = await serviceWith(counting({ transactional: true }));
    const { IdempotencyStore } = await import('./store.js');
    const get = vi.spyOn(IdempotencyStore.prototype, 'get');
    try {
      expect((await svc.call(WRITE, {}, { idempotencyKey: randomUUID() })).status).toBe(200);
      expect(get).toHaveBeenCalledTimes(1);
    } finally {
      get.mockRestore();
    }
  });
});
