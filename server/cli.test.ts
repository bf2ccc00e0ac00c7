import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
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

  it('keeps the --db file and its -wal and -shm readable by its user only, an older one made so too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-modes-'));
    const fresh = join(dir, 'fresh.sqlite');
    cli('keys', 'create', '--db', fresh, '--name', 'till-1', '--scopes', 'all');
    const older = join(dir, 'older.sqlite');
    for (const f of [older, `${older}-wal`, `${older}-shm`]) writeFileSync(f, '', { mode: 0o644 });
    chmodSync(older, 0o644);
    cli('keys', 'create', '--db', older, '--name', 'till-1', '--scopes', 'all');
    for (const f of [fresh, older, `${older}-wal`, `${older}-shm`])
      if (existsSync(f)) expect([f, statSync(f).mode & 0o777]).toEqual([f, 0o600]);
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

describe('a data folder of many clients from the command line', () => {
  const data = join(mkdtempSync(join(tmpdir(), 'cli-data-')), 'hosted');
  const lastLine = (out: string) => out.trimEnd().split('\n').at(-1) as string;

  it('creates and lists clients, and keys bound to one of them or to the default client', () => {
    expect(lastLine(cli('clients', 'create', '--data', data, '--name', 'north'))).toMatch(/^c_[0-9a-f]{16}$/);
    expect(cli('keys', 'create', '--data', data, '--client', 'north', '--name', 'north-till', '--scopes', 'all')).toMatch(
      /^created key north-till for client north with scopes all\nrk_/,
    );
    // The single-client form, unchanged: the key goes to the client `default`, made for it.
    expect(lastLine(cli('keys', 'create', '--data', data, '--name', 'plain', '--scopes', 'pos.read'))).toMatch(/^rk_/);
    expect(cli('clients', 'list', '--data', data)).toMatch(/^north\tc_[0-9a-f]{16}\tcreated .*\ndefault\tc_/);
    expect(cli('keys', 'list', '--data', data)).toMatch(/^north-till\tnorth\tall\tcreated .*\nplain\tdefault\tpos.read\t/);
    expect(cli('keys', 'list', '--data', data, '--client', 'north')).not.toContain('plain');
  });

  it('refuses a key for no such client, --client without --data, and --db with --data', () => {
    const fail = (args: string[]) => {
      try {
        cli(...args);
        return { status: 0, stderr: '' };
      } catch (e) {
        return e as { status: number; stderr: string };
      }
    };
    expect(fail(['keys', 'create', '--data', data, '--client', 'nowhere', '--name', 'x', '--scopes', 'all'])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('no client named nowhere'),
    });
    expect(fail(['keys', 'list', '--db', join(data, 'x.sqlite'), '--client', 'north']).status).toBe(2);
    expect(fail(['serve', '--db', join(data, 'x.sqlite'), '--data', data]).status).toBe(2);
    expect(fail(['serve', '--db', join(data, 'x.sqlite'), '--idle-close', '5']).status).toBe(2);
  });

  it('refuses a budget of PostgreSQL connections without PostgreSQL, or one that leaves a process fewer than 2', () => {
    const fail = (args: string[]) => {
      try {
        cli(...args);
        return { status: 0, stderr: '' };
      } catch (e) {
        return e as { status: number; stderr: string };
      }
    };
    expect(fail(['serve', '--data', data, '--pg-connections', '10'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--pg-connections goes with --db postgres://'),
    });
    expect(fail(['serve', '--data', data, '--pg-threads', '2'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--pg-threads goes with --db postgres://'),
    });
    expect(fail(['serve', '--data', data, '--pg-main-reads', 'off'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--pg-main-reads goes with --db postgres://'),
    });
    expect(fail(['serve', '--db', 'postgres://me@nowhere.invalid/shops', '--pg-main-reads', 'no'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--pg-main-reads must be on or off'),
    });
    expect(fail(['serve', '--db', 'postgres://me@nowhere.invalid/shops', '--pg-threads', 'many'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--pg-threads must be a whole number'),
    });
    expect(
      fail(['serve', '--db', 'postgres://me@nowhere.invalid/shops', '--workers', '3', '--pg-connections', '5']),
    ).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('each of 3 processes 1: each needs at least 2'),
    });
    // Or the environment's budget, for a deployment that sets it once.
    process.env.CASHDESK_PG_CONNECTIONS = '3';
    try {
      expect(fail(['serve', '--db', 'postgres://me@nowhere.invalid/shops', '--workers', '2'])).toMatchObject({
        status: 2,
        stderr: expect.stringContaining('CASHDESK_PG_CONNECTIONS: 3 PostgreSQL connections leave each of 2 processes 1'),
      });
    } finally {
      delete process.env.CASHDESK_PG_CONNECTIONS;
    }
  });

  it("takes a till's file in as a client, and writes a client out as a file", () => {
    const till = join(data, '..', 'till.sqlite');
    cli('keys', 'create', '--db', till, '--name', 'till-9', '--scopes', 'all');
    expect(cli('clients', 'import', '--data', data, '--name', 'corner', '--from', till)).toMatch(
      /^imported .* as client corner \(c_[0-9a-f]{16}\) with 1 keys/,
    );
    expect(cli('keys', 'list', '--data', data, '--client', 'corner')).toMatch(/^till-9\tcorner\tall/);
    const out = join(data, '..', 'north.sqlite');
    expect(cli('clients', 'export', '--data', data, '--name', 'north', '--to', out)).toContain('with 1 keys');
    // The exported key is still the folder's: taking the file in again would make two of it.
    expect(() => cli('clients', 'import', '--data', data, '--name', 'north-2', '--from', out)).toThrow(/north-till/);
  });

  it('serves each client on its own key', async () => {
    const key = lastLine(cli('keys', 'create', '--data', data, '--client', 'north', '--name', 'north-2', '--scopes', 'all'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'serve', '--data', data, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1\/rpc$/.exec(line)?.[1];
      const north = /^north\t(c_[0-9a-f]{16})\t/m.exec(cli('clients', 'list', '--data', data))?.[1];
      expect((await fetch(`${url}/healthz/clients/${north}`)).status).toBe(200);
      const r = await fetch(`${url}/v1/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ method: 'service.ping', params: {} }),
      });
      expect(r.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
