import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the service command line', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'cli-')), 'shop.sqlite');

  it('creates a key and prints it alone on the last line, lists and revokes it', () => {
    const out = cli('keys', 'create', '--db', db, '--name', 'till-1', '--scopes', 'pos.read,pos.write');
    const lines = out.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^rk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(cli('keys', 'list', '--db', db)).toMatch(/^till-1\tpos.read,pos.write\tcreated /m);
    expect(cli('keys', 'revoke', '--db', db, '--name', 'till-1')).toContain('revoked till-1');
    expect(cli('keys', 'list', '--db', db)).toMatch(/till-1.*revoked/);
  });

  it('refuses unknown scopes and missing flags with the usage and exit code 2', () => {
    const fail = (args: string[]) => {
      try {
        cli(...args);
        return { status: 0, stderr: '' };
      } catch (e) {
        const err = e as { status: number; stderr: string };
        return { status: err.status, stderr: err.stderr };
      }
    };
    expect(fail(['keys', 'create', '--db', db, '--name', 'x', '--scopes', 'root'])).toMatchObject({ status: 1 });
    const missing = fail(['keys', 'create', '--db', db, '--name', 'x']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--scopes is required');
    expect(fail(['frobnicate']).status).toBe(2);
    const tooSmall = fail(['serve', '--db', db, '--max-inflight-mb', '0']);
    expect(tooSmall.status).toBe(2);
    expect(tooSmall.stderr).toContain('the largest request body');
  });

  it('serves on the port asked for and prints the URL it listens on', async () => {
    const key = cli('keys', 'create', '--db', db, '--name', 'svc', '--scopes', 'all').trimEnd().split('\n').at(-1) as string;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        'serve',
        '--db',
        db,
        '--port',
        '0',
        '--max-connections',
        '64',
        '--max-inflight-mb',
        '8',
        '--request-timeout',
        '10',
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1\/rpc$/.exec(line)?.[1];
      expect(url).toBeDefined();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const r = await fetch(`${url}/v1/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ method: 'service.ping', params: [] }),
      });
      expect(r.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
