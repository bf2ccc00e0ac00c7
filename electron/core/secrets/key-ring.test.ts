import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from './file-secret-store.js';
import { addressOf, bindingOf, EMBEDDED, KeyRing } from './key-ring.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ring-test-'));
  file = join(dir, 'api-key');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the key ring', () => {
  it('hands a key out only for the address it was entered for', async () => {
    const ring = await KeyRing.open(new FileSecretStore(file), '');
    await ring.set('http://shop-a:8787/', 'rk_key_of_shop_a');
    expect(ring.get('http://shop-a:8787')).toBe('rk_key_of_shop_a');
    expect(ring.get('http://shop-b:8787')).toBeUndefined();
    expect(ring.get(EMBEDDED)).toBeUndefined();
  });

  it("keeps the embedded service's key beside one remote key, and a new remote key replaces the old one", async () => {
    const ring = await KeyRing.open(new FileSecretStore(file), '');
    await ring.set(EMBEDDED, 'rk_embedded_key');
    await ring.set('http://shop-a:8787', 'rk_key_of_shop_a');
    await ring.set('http://shop-b:8787', 'rk_key_of_shop_b');
    const reopened = await KeyRing.open(new FileSecretStore(file), '');
    expect([reopened.get(EMBEDDED), reopened.get('http://shop-a:8787'), reopened.get('http://shop-b:8787')]).toEqual([
      'rk_embedded_key',
      undefined,
      'rk_key_of_shop_b',
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain('rk_key_of_shop_a');
  });

  it('binds a bare key of an older store to the address the till had then', async () => {
    writeFileSync(file, 'rk_legacy_key');
    const ring = await KeyRing.open(new FileSecretStore(file), 'http://shop-a:8787');
    expect(ring.get('http://shop-a:8787')).toBe('rk_legacy_key');
    expect(ring.get(EMBEDDED)).toBeUndefined();
  });

  it('keeps a bare key an older store kept for its embedded service with that service, whatever address was set', async () => {
    writeFileSync(file, 'rk_embedded_key');
    const ring = await KeyRing.open(new FileSecretStore(file), 'http://elsewhere:8787', (key) => key === 'rk_embedded_key');
    expect(ring.get(EMBEDDED)).toBe('rk_embedded_key');
    expect(ring.get('http://elsewhere:8787')).toBeUndefined();
  });
});

describe('the binding of a write', () => {
  it('names the address and the key, the key by a fingerprint only; the embedded service is one whatever its key', () => {
    const a = bindingOf('http://shop:8787/', 'rk_key_of_north_0123456789');
    expect(a).toMatch(/^http:\/\/shop:8787#[0-9a-f]{16}$/);
    expect(a).not.toContain('rk_key');
    expect(bindingOf('http://shop:8787', 'rk_key_of_north_0123456789')).toBe(a);
    expect(bindingOf('http://shop:8787', 'rk_key_of_south_0123456789')).not.toBe(a);
    expect(bindingOf('http://shop:8787', undefined)).toBe('http://shop:8787#no-key');
    expect(bindingOf(EMBEDDED, 'any')).toBe(EMBEDDED);
    expect([addressOf(a), addressOf('http://shop:8787#no-key'), addressOf(EMBEDDED)]).toEqual([
      'http://shop:8787',
      'http://shop:8787',
      '',
    ]);
  });
});
