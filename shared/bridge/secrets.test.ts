import { describe, expect, it } from 'vitest';
import { findOperation, INT32_MAX } from '../contract/index.js';
import type { BridgeMessage } from './api.js';
import { carriesSecret, KEY_MESSAGES, SECRET_MESSAGES, SECRET_OPERATIONS, secretOf } from './secrets.js';
import { type BridgeCheck, checkBridgeArgs } from './validate.js';

const issuesOf = (check: BridgeCheck) => (check.ok ? [] : check.issues);

const SIGN_IN = { kasm: 2, card: '0001', pin: '1234' };
const CONFIRM = { kasm: 2, card: '0001', pin: '1234', action: 'return' };
const MANUAL = { ndoc: '1', code: '4820000000017', kasm: 2, quant: '1', price: '10', manager_card: '0001', pin: '1234' };
const LOAD = { kasm: 1, container: 'MIIBAgEBMA0=', password: 'Ключ-2025', certificate: 'MIIC' };
const UNLOCK = { kasm: 1, password: 'Ключ-2025' };
const UNATTENDED = { kasm: 1, enabled: true, password: 'Ключ-2025' };

describe('writes that carry a secret', () => {
  it('are derived from the registry: every operation whose params have a pin or a password member', () => {
    // The list as it stands; a new operation with a PIN or a password joins it by its params alone.
    expect([...SECRET_OPERATIONS].sort()).toEqual([
      'catalog.users.set_pin',
      'pos.cashier_sign_in',
      'pos.checkout_manual_price',
      'pos.manager_confirm',
      'pos.prro_key_unlock',
      'settings.prro_key_load',
      'settings.prro_key_unattended',
    ]);
    for (const name of SECRET_OPERATIONS) {
      const params = findOperation(name)?.params ?? {};
      expect('pin' in params || 'password' in params, name).toBe(true);
    }
    expect(secretOf('pos.cashier_sign_in')).toBe('pin');
    expect(secretOf('pos.prro_key_unlock')).toBe('password');
    expect(carriesSecret('settings.prro_key_unattended')).toBe(true);
    // The key's state and the device's take-over carry none: they are read and queued as any other.
    expect(carriesSecret('pos.prro_key_state')).toBe(false);
    expect(carriesSecret('settings.prro_device_take_over')).toBe(false);
    expect(carriesSecret('pos.card_setting_save')).toBe(false);
    expect(carriesSecret('no.such_operation')).toBe(false);
  });

  it('each have a message of their own, but setting a PIN, which the till never does', () => {
    const own = new Set<string>(Object.values(SECRET_MESSAGES));
    expect([...SECRET_OPERATIONS].filter((op) => !own.has(op))).toEqual(['catalog.users.set_pin']);
  });

  it('are refused through the general write message, which queues in the durable outbox', () => {
    const cases: [string, unknown, string, string][] = [
      ['pos.cashier_sign_in', SIGN_IN, 'signIn', 'a PIN'],
      ['pos.manager_confirm', CONFIRM, 'confirmManager', 'a PIN'],
      ['pos.checkout_manual_price', MANUAL, 'confirmManualPrice', 'a PIN'],
      ['settings.prro_key_load', LOAD, 'loadKey', 'a password'],
      ['pos.prro_key_unlock', UNLOCK, 'unlockKey', 'a password'],
      ['settings.prro_key_unattended', UNATTENDED, 'setKeyUnattended', 'a password'],
    ];
    for (const [method, params, message, what] of cases) {
      expect(checkBridgeArgs('write', [method, params])).toEqual({
        ok: false,
        issues: [{ path: 'method', problem: `carries ${what}, which is never queued: use its own bridge message, ${message}` }],
      });
      expect(checkBridgeArgs('write', [method, params, { group: 'g', confirmation: 4 }]).ok).toBe(false);
    }
    // Switching unattended work off names no password, and is still no queued write.
    expect(checkBridgeArgs('write', ['settings.prro_key_unattended', { kasm: 1, enabled: false }]).ok).toBe(false);
    expect(checkBridgeArgs('write', ['catalog.users.set_pin', { card: '0001', pin: '1234' }])).toEqual({
      ok: false,
      issues: [{ path: 'method', problem: 'carries a PIN, which is never queued: it has no bridge message of its own' }],
    });
  });

  it('are refused before their params are read: a malformed one does not slip through as a params issue', () => {
    for (const method of SECRET_OPERATIONS) {
      const check = checkBridgeArgs('write', [method, { pin: 'not digits', password: '', extra: true }]);
      expect(issuesOf(check)).toEqual([
        { path: 'method', problem: expect.stringMatching(/^carries a (PIN|password), which is never queued/) },
      ]);
    }
  });

  it('still go through their own messages, and other writes still queue', () => {
    const own: [BridgeMessage, unknown[]][] = [
      ['signIn', [SIGN_IN]],
      ['confirmManager', [CONFIRM]],
      ['confirmManualPrice', [MANUAL]],
      ['loadKey', [LOAD]],
      ['unlockKey', [UNLOCK, { confirmation: 7 }]],
      ['setKeyUnattended', [UNATTENDED]],
    ];
    for (const [message, args] of own) expect(checkBridgeArgs(message, args).ok, message).toBe(true);
    expect(checkBridgeArgs('write', ['settings.prro_device_take_over', { kasm: 1 }, { confirmation: 7 }]).ok).toBe(true);
    expect(
      checkBridgeArgs('write', [
        'pos.card_setting_save',
        { code: '4820000000017', nt: 'Молоко 2,5%', price: '42.90' },
        { group: 'card-1' },
      ]).ok,
    ).toBe(true);
  });
});

describe("the messages of a register's key", () => {
  it('take the params of their operation, defaults applied, and the confirmation (none by default)', () => {
    expect(checkBridgeArgs('loadKey', [LOAD])).toEqual({
      ok: true,
      args: [{ ...LOAD, cashier_registered: false }, {}],
    });
    expect(checkBridgeArgs('unlockKey', [UNLOCK, { confirmation: 41 }])).toEqual({
      ok: true,
      args: [UNLOCK, { confirmation: 41 }],
    });
    expect(checkBridgeArgs('setKeyUnattended', [{ kasm: 2, enabled: false }])).toEqual({
      ok: true,
      args: [{ kasm: 2, enabled: false, password: '' }, {}],
    });
  });

  const BAD: [BridgeMessage, unknown[], string][] = [
    ['loadKey', [], 'args'],
    ['loadKey', [LOAD, {}, {}], 'args'],
    ['loadKey', [{ ...LOAD, password: '' }], 'params.password'],
    ['loadKey', [{ ...LOAD, password: 'x'.repeat(129) }], 'params.password'],
    ['loadKey', [{ ...LOAD, container: 'not base64!' }], 'params.container'],
    ['loadKey', [{ ...LOAD, container: 'A'.repeat(87_388) }], 'params.container'],
    ['loadKey', [{ ...LOAD, certificate: 'A'.repeat(21_852) }], 'params.certificate'],
    ['loadKey', [{ ...LOAD, kasm: 0 }], 'params.kasm'],
    ['loadKey', [{ ...LOAD, cashier_registered: 'yes' }], 'params.cashier_registered'],
    ['loadKey', [{ ...LOAD, owner: 'someone' }], 'params.owner'],
    ['unlockKey', [{ kasm: 1 }], 'params.password'],
    ['unlockKey', [UNLOCK, { confirmation: 0 }], 'options.confirmation'],
    ['unlockKey', [UNLOCK, { confirmation: INT32_MAX + 1 }], 'options.confirmation'],
    ['unlockKey', [UNLOCK, { confirmation: '7' }], 'options.confirmation'],
    ['unlockKey', [UNLOCK, { group: 'g' }], 'options.group'],
    ['unlockKey', [UNLOCK, 'confirmation'], 'options'],
    ['setKeyUnattended', [{ kasm: 1 }], 'params.enabled'],
    ['setKeyUnattended', [{ kasm: 1, enabled: true, password: 'x'.repeat(129) }], 'params.password'],
  ];

  it.each(BAD)('%s refuses %j at %s', (message, args, path) => {
    const issues = issuesOf(checkBridgeArgs(message, args));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((i) => i.path)).toContain(path);
  });

  it('are the three of the key, each carrying a password', () => {
    expect([...KEY_MESSAGES]).toEqual(['loadKey', 'unlockKey', 'setKeyUnattended']);
    for (const m of KEY_MESSAGES) expect(secretOf(SECRET_MESSAGES[m])).toBe('password');
  });
});
