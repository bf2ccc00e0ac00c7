/**
 * A PostgreSQL of its own for a test: a new cluster in a temporary folder (initdb), started on a
 * free port with its socket in that folder (pg_ctl), and removed afterwards. PostgreSQL refuses
 * to run as root, and CI runs as root: then the cluster belongs to the `postgres` user Debian's
 * package creates, and its commands run as that user (runuser). Local only, so trust auth.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../net/free-port.js';

export interface TestPostgres {
  /** postgres://… for `serve --db`, with the socket folder as host. */
  readonly url: string;
  /** For node-postgres: the socket folder, port, user and database. */
  readonly connection: { readonly host: string; readonly port: number; readonly user: string; readonly database: string };
  stop(): Promise<void>;
  /**
   * Stops the server as a power cut would (pg_ctl's immediate mode: no checkpoint, the connections
   * cut, crash recovery from the WAL at the next start); `start` starts it again on the same data and port.
   */
  crash(): void;
  start(): void;
}

const USER = 'cashdesk';

/** The newest installed server's bin folder, or undefined when PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

export interface TestPostgresOptions {
  /**
   * fsync on (PostgreSQL's default: a commit waits for the WAL's flush to disk), for a benchmark
   * beside SQLite's synchronous=FULL. Off by default: a test's cluster is thrown away anyway.
   */
  readonly durable?: boolean;
  /** max_connections (default 200). */
  readonly maxConnections?: number;
  /** More server settings (`-c name=value`), e.g. shared_preload_libraries for pg_stat_statements. */
  readonly settings?: Readonly<Record<string, string>>;
}

export async function startTestPostgres(opts: TestPostgresOptions = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'test-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const settings = Object.entries(opts.settings ?? {})
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('');
  run('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    USER,
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    ...(opts.durable ? [] : ['--no-sync']),
  ]);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=''${opts.durable ? '' : ' -c fsync=off'} -c max_connections=${opts.maxConnections ?? 200}${settings}`,
      'start',
    ]);
  start();
  return {
    url: `postgres://${USER}@${encodeURIComponent(dir)}:${port}/postgres`,
    connection: { host: dir, port, user: USER, database: 'postgres' },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
  };
}

function postgresUser(): { uid: number; gid: number } {
  const out = execFileSync('id', ['postgres'], { encoding: 'utf8' });
  const uid = /uid=(\d+)/.exec(out)?.[1];
  const gid = /gid=(\d+)/.exec(out)?.[1];
  if (!uid || !gid) throw new Error('running as root needs the postgres user (apt-get install -y postgresql)');
  return { uid: Number(uid), gid: Number(gid) };
}
