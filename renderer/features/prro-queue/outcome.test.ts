// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, WriteOutcome } from '../../../shared/bridge/api.js';
import { settleShownRefusal } from './outcome.js';

const queueReconcile = vi.fn(async () => ({}));

beforeAll(() => {
  Object.defineProperty(window, 'cashdesk', {
    value: { queueReconcile, onEvent: () => () => {} } as unknown as CashdeskApi,
    configurable: true,
  });
});
afterEach(() => queueReconcile.mockClear());

const outcome = (status: WriteOutcome['status']) => ({ id: 7, status }) as unknown as WriteOutcome;

describe('a refused change of a queue document, shown on the screen', () => {
  it('is settled at once with a note, so the next correction of that document is not held behind it', async () => {
    await settleShownRefusal(outcome('refused'), 'показано');
    expect(queueReconcile).toHaveBeenCalledWith(7, 'показано');
  });

  it('is the only outcome settled: a change done, queued or of unknown outcome is left as it is', async () => {
    for (const status of ['done', 'queued', 'reconcile'] as const) await settleShownRefusal(outcome(status), 'x');
    expect(queueReconcile).not.toHaveBeenCalled();
  });

  it('stays in the outbox for a person when settling fails', async () => {
    queueReconcile.mockRejectedValueOnce(new Error('disk full'));
    await expect(settleShownRefusal(outcome('refused'), 'x')).resolves.toBeUndefined();
  });
});
