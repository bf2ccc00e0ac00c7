import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/errors.js';
import { toBridgeError, withBridgeErrors } from './bridge-error.js';

describe('toBridgeError', () => {
  it("rebuilds the preload's plain rejection with its code and details", () => {
    const err = toBridgeError({
      name: 'BridgeError',
      code: 'BAD_ARGUMENTS',
      message: 'bad',
      details: [{ path: 'key', problem: 'short' }],
    });
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ code: 'BAD_ARGUMENTS', message: 'bad', details: [{ path: 'key', problem: 'short' }] });
  });

  it('keeps a BridgeError as it is', () => {
    const original = new BridgeError('NO_API_KEY', 'no key');
    expect(toBridgeError(original)).toBe(original);
  });

  it('makes anything else INTERNAL, keeping its message', () => {
    expect(toBridgeError(new Error("Error invoking remote method 'cashdesk:status'"))).toMatchObject({
      code: 'INTERNAL',
      details: [],
    });
    expect(toBridgeError('boom')).toMatchObject({ code: 'INTERNAL', message: 'boom' });
  });
});

describe('withBridgeErrors', () => {
  it('turns every rejection into a BridgeError and passes values and events through', async () => {
    const unsubscribe = () => {};
    const api = {
      status: () => Promise.reject({ code: 'FORBIDDEN', message: 'no', details: [] }),
      settingsGet: () => Promise.resolve('settings'),
      onEvent: () => unsubscribe,
    };
    const wrapped = withBridgeErrors(api as never);
    await expect(wrapped.status()).rejects.toBeInstanceOf(BridgeError);
    await expect(wrapped.settingsGet()).resolves.toBe('settings');
    expect(wrapped.onEvent(() => {})).toBe(unsubscribe);
  });
});
