/**
 * A service for the model-based test that keeps idempotency the way the real one does: a write is
 * performed at most once per key; a key whose write is done answers the stored result again; a key
 * whose outcome became unknown answers IDEMPOTENCY_RESULT_UNKNOWN for ever; a refusal or a failure
 * before the back office stores nothing, so the same key may be performed later. What happens to
 * the next call (performed, answer lost, refused, ...) is chosen by the test.
 */
import type { RpcResult } from '../../../../shared/contract/index.js';
import type { CallOutcome, RpcClient } from '../../rpc/client.js';
import { ok, refused, retry, unknown } from './scripted-client.js';

export type Behaviour =
  /** Performed and answered. */
  | 'ok'
  /** Performed, but the answer never arrives (the desk sees a timeout). */
  | 'lost'
  /** The network is down: nothing reaches the service. */
  | 'down'
  /** The key is rejected before anything else. */
  | 'unauthorized'
  /** The back office is unavailable and was not reached. */
  | 'upstream'
  /** The back office refuses the write. */
  | 'refused'
  /** Performed, then the outcome was lost inside the service. */
  | 'unknown-performed'
  /** Not performed, but the service cannot tell. */
  | 'unknown-not-performed'
  /** Another request with the key is being performed (Retry-After: 1). */
  | 'busy';

export const BEHAVIOURS: readonly Behaviour[] = [
  'ok',
  'lost',
  'down',
  'unauthorized',
  'upstream',
  'refused',
  'unknown-performed',
  'unknown-not-performed',
  'busy',
];

/** The call reaches the service (or not) and then the desk dies before it hears anything. */
export type Crash = 'crash-before-reaching' | 'crash-after-performing';

type KeyRecord = { state: 'done'; result: RpcResult } | { state: 'unknown' };

export class FakeService implements Pick<RpcClient, 'call'> {
  behaviour: Behaviour | Crash = 'ok';
  /** Called when a call arrives, before it is answered. */
  onCall: ((key: string) => void) | undefined;
  readonly performed = new Map<string, number>();
  private readonly records = new Map<string, KeyRecord>();

  call(_method: string, _params: unknown, opts: { idempotencyKey?: string } = {}): Promise<CallOutcome> {
    const key = opts.idempotencyKey;
    if (!key) throw new Error('a write arrived without an Idempotency-Key');
    this.onCall?.(key);
    const b = this.behaviour;
    if (b === 'crash-before-reaching') return new Promise(() => {});
    if (b === 'crash-after-performing') {
      this.answerAs(key, 'ok');
      return new Promise(() => {});
    }
    if (b === 'down') return Promise.resolve(retry('NETWORK_ERROR'));
    if (b === 'unauthorized') return Promise.resolve(retry('UNAUTHORIZED'));
    if (b === 'lost') {
      this.answerAs(key, 'ok');
      return Promise.resolve(retry('TIMEOUT'));
    }
    return Promise.resolve(this.answerAs(key, b));
  }

  private answerAs(key: string, b: Exclude<Behaviour, 'down' | 'unauthorized' | 'lost'>): CallOutcome {
    const stored = this.records.get(key);
    if (stored?.state === 'done') return { kind: 'ok', result: stored.result, requestId: 'replay' };
    if (stored?.state === 'unknown') return unknown();
    switch (b) {
      case 'ok': {
        const answer = ok(key);
        this.perform(key);
        if (answer.kind === 'ok') this.records.set(key, { state: 'done', result: answer.result });
        return answer;
      }
      case 'unknown-performed':
        this.perform(key);
        this.records.set(key, { state: 'unknown' });
        return unknown();
      case 'unknown-not-performed':
        this.records.set(key, { state: 'unknown' });
        return unknown();
      case 'refused':
        return refused();
      case 'upstream':
        return retry('UPSTREAM_FAILURE');
      case 'busy':
        return retry('IDEMPOTENCY_IN_PROGRESS', 1000);
    }
  }

  private perform(key: string) {
    this.performed.set(key, (this.performed.get(key) ?? 0) + 1);
  }

  /** What the service holds for a key: the model's view of the service. */
  recordOf(key: string): KeyRecord['state'] | undefined {
    return this.records.get(key)?.state;
  }
}
