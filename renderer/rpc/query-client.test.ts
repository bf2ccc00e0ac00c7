import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { fetchRead } from './hooks.js';
import { createQueryClient } from './query-client.js';

let read = vi.fn();
beforeAll(() => {
  const api = { read: (...args: unknown[]) => read(...args), onEvent: () => () => {} };
  (globalThis as { window?: unknown }).window = { cashdesk: api as unknown as CashdeskApi };
});

describe('a lookup the service refuses', () => {
  it('is answered at once, not retried a second later (a code with letters took a second)', async () => {
    read = vi.fn(async () => {
      throw new BridgeError('INVALID_PARAMETER', 'code ABC is not all digits');
    });
    const t0 = performance.now();
    await expect(fetchRead(createQueryClient(), 'pos.find_code', { code: 'ABC' })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
    });
    expect(read).toHaveBeenCalledTimes(1);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('is tried once more when the network failed', async () => {
    read = vi
      .fn()
      .mockRejectedValueOnce(new BridgeError('NETWORK_ERROR', 'down'))
      .mockResolvedValueOnce({ method: 'pos.find_code', result: { rows: [] }, stale: false, fetchedAt: '' });
    await fetchRead(createQueryClient(), 'pos.find_code', { code: '1' });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
