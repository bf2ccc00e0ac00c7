/**
 * The contract and the service agree on size (issue 12): every valid request fits the body limit,
 * so a valid sale is never refused as too large. If this fails, lower a bound of the registry
 * (shared/contract/operations/bounds.ts) or raise the limit, and say which in docs/operations.md ("Limits").
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../shared/contract/registry.js';
import { largestValidRequest } from '../shared/contract/request-size.js';
import { MAX_BODY_BYTES } from './http/limits.js';

describe('the largest valid request', () => {
  it('fits the body limit of the service', () => {
    const largest = largestValidRequest(OPERATIONS);
    expect(largest.bytes, `${largest.method} can be ${largest.bytes} bytes`).toBeLessThanOrEqual(MAX_BODY_BYTES);
  });
});
