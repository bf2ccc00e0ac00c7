/**
 * Debian's PgBouncer for a test, in front of a test cluster (test-cluster.ts): a config of its own
 * in a temporary folder, listening only on a Unix socket there, pooling in transaction mode unless
 * asked otherwise — the mode in which a server connection serves a client for one transaction and
 * then any other client, so nothing a session sets (SET outside a transaction, a prepared
 * statement by name, a session advisory lock, a temporary table, LISTEN) may be relied on.
 * PgBouncer refuses to run as root: then it runs as the `postgres` user, as the cluster does.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../net/free-port.js';
import type { TestPostgres } from './test-cluster.js';

const BINARY = '/usr/sbin/pgbouncer';

/** The installed PgBouncer, or undefined when the package is not installed (apt-get install -y pgbouncer). */
export function pgbouncerBin(): string | undefined {
  return existsSync(BINARY) ? BINARY : undefined;
}

export interface TestPgBouncerOptions {
  readonly poolMode?: 'session' | 'transaction';
  /** Server connections per database and user (PgBouncer's default_pool_size). */
  readonly poolSize?: number;
  /** Client connections PgBouncer takes (max_client_conn). */
  readonly maxClients?: number;
}

export interface TestPgBouncer {
  /** postgres://… through PgBouncer, for `serve --db`. */
  readonly url: string;
  readonly connection: TestPostgres['connection'];
  stop(): void;
}

export async function startTestPgBouncer(cluster: TestPostgres, opts: TestPgBouncerOptions = {}): Promise<TestPgBouncer> {
  const bin = pgbouncerBin();
  if (!bin) throw new Error('PgBouncer is not installed (apt-get install -y pgbouncer)');
  const dir = mkdtempSync(join(tmpdir(), 'test-pgbouncer-'));
  const port = await freePort();
  const { host, port: serverPort, user, database } = cluster.connection;
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    config,
    `[databases]
${database} = host=${host} port=${serverPort} dbname=${database}

[pgbouncer]
listen_addr =
listen_port = ${port}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
pool_mode = ${opts.poolMode ?? 'transaction'}
default_pool_size = ${opts.poolSize ?? 4}
max_client_conn = ${opts.maxClients ?? 100}
server_reset_query =
logfile = ${join(dir, 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const out = execFileSync('id', ['postgres'], { encoding: 'utf8' });
    const uid = Number(/uid=(\d+)/.exec(out)?.[1]);
    const gid = Number(/gid=(\d+)/.exec(out)?.[1]);
    for (const f of [dir, config, join(dir, 'userlist.txt')]) chownSync(f, uid, gid);
  }
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, '-d', config]] : [bin, ['-d', config]];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  // -d returns once it has forked; the socket appears when it listens.
  const socket = join(dir, `.s.PGSQL.${port}`);
  for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(socket)) {
    const log = existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PgBouncer did not start:\n${log}`);
  }
  return {
    url: `postgres://${user}@${encodeURIComponent(dir)}:${port}/${database}`,
    connection: { host: dir, port, user, database },
    stop() {
      try {
        const pid = Number(readFileSync(join(dir, 'pgbouncer.pid'), 'utf8').trim());
        if (pid > 0) process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
