import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../transport/csp.js';
import { appProtocolResponse } from './protocol-handler.js';

let dir: string;
let root: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cashdesk-protocol-'));
  root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), 'js');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => appProtocolResponse(new Request(url, { method }), root);

describe('the app:// protocol handler', () => {
  it('serves index.html at app://cashdesk/ with the CSP header', async () => {
    const res = await get('app://cashdesk/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves assets by path', async () => {
    const res = await get('app://cashdesk/assets/app.js');
    expect(await res.text()).toBe('js');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://cashdesk/../secret.txt',
    'app://cashdesk/%2e%2e/secret.txt',
    'app://cashdesk/assets%2f..%2f..%2fsecret.txt',
    'app://cashdesk/..%5csecret.txt',
  ])('gives nothing outside the renderer for %s', async (url) => {
    const res = await get(url);
    expect(await res.text()).not.toContain('outside');
  });

  it('answers only for its own host', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
  });

  it('takes GET and HEAD only', async () => {
    expect((await get('app://cashdesk/', 'HEAD')).status).toBe(200);
    expect((await get('app://cashdesk/', 'POST')).status).toBe(405);
  });

  it('answers 404 with the CSP for a missing asset', async () => {
    const res = await get('app://cashdesk/assets/missing.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
  });
});
