import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../transport/csp.js';
import { fakeApi } from '../transport/testing/fake-api.js';
import { type Host, startHost } from './host.js';
import { portOf, raw } from './testing/http.js';

let dir: string;
let host: Host;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cashdesk-static-'));
  const root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Каса</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  host = await startHost({ api: fakeApi(), staticDir: root });
  port = portOf(host.url);
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the browser host serving the built renderer', () => {
  it('serves index.html for / with the CSP and nosniff headers', async () => {
    const res = await raw(port, { path: '/' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Каса</title>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content types', async () => {
    const js = await raw(port, { path: '/assets/app.js' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw(port, { path: '/assets/app.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it("serves index.html for the interface's own routes, and 404 for a missing asset", async () => {
    expect((await raw(port, { path: '/queue' })).body).toContain('<title>');
    expect((await raw(port, { path: '/assets/missing.js' })).status).toBe(404);
  });

  it('does not need the token for the page itself, which holds no secret', async () => {
    expect((await raw(port, { path: '/?x=1' })).status).toBe(200);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00/../secret.txt',
    '/C:/Windows/win.ini',
    '/%E0%A4%A',
  ])('gives nothing outside the folder for %s', async (path) => {
    const res = await raw(port, { path });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('outside');
  });

  it('takes pages by GET and HEAD only', async () => {
    expect((await raw(port, { method: 'HEAD', path: '/' })).status).toBe(200);
    expect((await raw(port, { method: 'POST', path: '/' })).status).toBe(405);
  });
});
