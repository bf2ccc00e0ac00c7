/**
 * Command line of the RPC service. Other tools script it, so its shape is fixed (USAGE below).
 * `--db FILE` serves one back office file; `--data DIR` a folder of many clients (shops), and
 * `--db postgres://…` a PostgreSQL database of many clients (a schema each): wherever `--data DIR`
 * is taken, `--db postgres://…` is too. The single-client commands work on many clients too, on
 * the client `default`. `keys create` prints the key alone on its last line.
 */
import { parseArgs } from 'node:util';
import { pgClientKind } from '../shared-node/pg/sync-pg.js';
import { isPostgresUrl, parsePgUrl } from '../shared-node/pg/url.js';
import { KeyStore, parseScopes } from './auth/keys.js';
import {
  backOfficesWithin,
  connectionsPerProcess,
  DEFAULT_PG_CONNECTIONS,
  DEFAULT_PG_THREADS,
  threadShares,
} from './clients/pg-connections.js';
import { ClientRegistry } from './clients/registry.js';
import { openStore } from './clients/store.js';
import { exportClient, importClient } from './clients/transfer.js';
import { exportClientPg, importClientPg } from './clients/transfer-pg.js';
import {
  DEFAULT_MAX_BODY_BYTES_IN_FLIGHT,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_BODY_BYTES,
} from './http/limits.js';
import {
  type DataServiceConfig,
  mainReadsShare,
  openServiceDatabase,
  type ServiceConfig,
  startDataService,
  startService,
} from './service.js';
import { isWorker, reportListening, runWorkers } from './workers.js';

const USAGE = `usage:  (MANY = --data DIR | --db postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)
  server serve (--db FILE | MANY) [--host 127.0.0.1] [--port 8787] [--demo] [--goods N] [--rate-limit N]
               [--fiscal-server URL] [--fiscal-ca FILE]... [--fiscal-secret FILE]
               [--idempotency-days N] [--max-connections N] [--max-connections-per-address N]
               [--max-inflight-mb N] [--request-timeout N]
               [--idle-close S] [--max-open N]            (the last two with MANY only)
               [--workers N]                              (N service processes on one port)
               [--pg-connections N]                       (postgres:// only: all processes together, default 60
                                                           or CASHDESK_PG_CONNECTIONS)
               [--pg-threads N]                           (postgres:// only: back office threads per process,
                                                           default 0: none, or CASHDESK_PG_THREADS)
               [--pg-main-reads on|off]                   (postgres:// only: a till's lookups made in the main
                                                           thread, default on, or CASHDESK_PG_MAIN_READS)
  server keys create (--db FILE | MANY [--client NAME]) --name NAME --scopes LIST|all
  server keys list (--db FILE | MANY [--client NAME])
  server keys revoke (--db FILE | MANY) --name NAME
  server clients create MANY --name NAME
  server clients list MANY
  server clients import MANY --name NAME --from FILE   (a back office file becomes a client, with its keys)
  server clients export MANY --name NAME --to FILE     (a client becomes a back office file, with its keys)`;

class UsageError extends Error {}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

function positiveInt(value: string | undefined, flag: string, dflt: number): number {
  if (value === undefined) return dflt;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number`);
  return n;
}

/** Exactly one of --db and --data; `data` is where many clients are (a folder or postgres://…). */
function store(values: { db?: string | undefined; data?: string | undefined }): { db: string } | { data: string } {
  if (values.db && values.data) throw new UsageError('give --db FILE or --data DIR, not both');
  if (values.data) return { data: values.data };
  const db = need(values.db, '--db FILE or --data DIR');
  return isPostgresUrl(db) ? { data: db } : { db };
}

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      data: { type: 'string' },
      'idle-close': { type: 'string' },
      'max-open': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8787' },
      demo: { type: 'boolean', default: false },
      goods: { type: 'string' },
      'rate-limit': { type: 'string' },
      'idempotency-days': { type: 'string' },
      'max-connections': { type: 'string' },
      'max-connections-per-address': { type: 'string' },
      'max-inflight-mb': { type: 'string' },
      'request-timeout': { type: 'string' },
      workers: { type: 'string' },
      'pg-connections': { type: 'string' },
      'pg-threads': { type: 'string' },
      'pg-main-reads': { type: 'string' },
      'fiscal-server': { type: 'string' },
      'fiscal-ca': { type: 'string', multiple: true },
      'fiscal-secret': { type: 'string' },
    },
    strict: true,
  });
  const workers = positiveInt(values.workers, '--workers', 1);
  if (workers < 1) throw new UsageError('--workers must be at least 1');
  if (workers > 1 && !isWorker()) {
    // The arguments are checked here, before any process starts; each worker reads them again.
    const config = serveConfig(values, workers);
    const url = await runWorkers(workers, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(
      `retail RPC service listening on ${url}/v1/rpc (${workers} processes${connectionsNote(config, workers)})\n`,
    );
    return;
  }
  const config = serveConfig(values, workers);
  const service = 'dataDir' in config ? await startDataService(config) : await startService(config);
  if (isWorker()) {
    reportListening(service.url);
  } else {
    process.stdout.write(`retail RPC service listening on ${service.url}/v1/rpc${connectionsNote(config, 1)}\n`);
  }
  const stop = () => {
    service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

type ServeValues = Record<string, string | boolean | string[] | undefined>;

/** The startup line's word on PostgreSQL connections: the bound the operator sets against max_connections. */
function connectionsNote(config: ServiceConfig | DataServiceConfig, workers: number): string {
  if (!('pgConnections' in config) || config.pgConnections === undefined) return '';
  const each = config.pgConnections;
  const asked = config.pgThreads ?? 0;
  const { threads } = threadShares(backOfficesWithin(each), asked);
  const client = pgClientKind('dataDir' in config && isPostgresUrl(config.dataDir) ? parsePgUrl(config.dataDir) : undefined);
  const lookups = 'dataDir' in config ? mainReadsShare(config, backOfficesWithin(each)) : 0;
  const inMain = lookups > 0 ? ` and up to ${lookups} for the main thread's lookups` : '';
  const inThreads = asked === 0 ? '' : `, in ${threads} back office threads${workers > 1 ? ' each' : ''}${inMain}`;
  const through =
    client.kind === 'libpq' ? ', through libpq' : `, through node-postgres in I/O threads (libpq: ${client.why ?? 'not loaded'})`;
  return workers > 1
    ? `; PostgreSQL connections: at most ${each} per process, ${each * workers} in all${inThreads}${through}`
    : `; PostgreSQL connections: at most ${each}${inThreads}${through}`;
}

/**
 * serve's arguments as one process's configuration (of `workers` started alike); a UsageError for
 * the first wrong one.
 */
function serveConfig(values: ServeValues, workers: number): ServiceConfig | DataServiceConfig {
  const str = (name: string) => values[name] as string | undefined;
  const port = positiveInt(str('port'), '--port', 8787);
  const goods = str('goods') === undefined ? undefined : positiveInt(str('goods'), '--goods', 0);
  const rate = str('rate-limit') === undefined ? undefined : positiveInt(str('rate-limit'), '--rate-limit', 0);
  // Idempotency records must outlive the longest a till stays offline (36 h by the PRRO rules).
  const keepDays = positiveInt(str('idempotency-days'), '--idempotency-days', 7);
  if (keepDays < 2) throw new UsageError('--idempotency-days must be at least 2: a till may stay offline for 36 hours');
  const maxConnections = positiveInt(str('max-connections'), '--max-connections', DEFAULT_MAX_CONNECTIONS);
  const perAddress = positiveInt(
    str('max-connections-per-address'),
    '--max-connections-per-address',
    DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  );
  const inflightMb = positiveInt(str('max-inflight-mb'), '--max-inflight-mb', DEFAULT_MAX_BODY_BYTES_IN_FLIGHT / 2 ** 20);
  const timeoutS = positiveInt(str('request-timeout'), '--request-timeout', DEFAULT_REQUEST_TIMEOUT_MS / 1000);
  if (maxConnections < 1) throw new UsageError('--max-connections must be at least 1');
  // Below one largest body, a valid request could never be read.
  if (inflightMb * 2 ** 20 < MAX_BODY_BYTES)
    throw new UsageError(`--max-inflight-mb must be at least ${Math.ceil(MAX_BODY_BYTES / 2 ** 20)}, the largest request body`);
  if (timeoutS < 1) throw new UsageError('--request-timeout must be at least 1 second');
  const where = store({ db: str('db'), data: str('data') });
  if ('db' in where && (str('idle-close') !== undefined || str('max-open') !== undefined))
    throw new UsageError('--idle-close and --max-open go with --data');
  const idleS = positiveInt(str('idle-close'), '--idle-close', 300);
  const maxOpen = positiveInt(str('max-open'), '--max-open', 64);
  if (idleS < 1) throw new UsageError('--idle-close must be at least 1 second');
  if (maxOpen < 1) throw new UsageError('--max-open must be at least 1');
  const pgConnections = pgConnectionsOf(str('pg-connections'), where, workers);
  const pgThreads = pgThreadsOf(str('pg-threads'), where);
  const pgMainReads = pgMainReadsOf(str('pg-main-reads'), where);
  const fiscalUrl = str('fiscal-server');
  if (fiscalUrl !== undefined && !/^https?:\/\/[^\s/?#@\\]+(\/[^\s?#]*)?$/.test(fiscalUrl))
    throw new UsageError('--fiscal-server must be an http:// or https:// address, e.g. https://fs.tax.gov.ua:8643/fs');
  if (fiscalUrl !== undefined && values.demo)
    throw new UsageError('--fiscal-server does not go with --demo, which runs the simulator');
  const caFiles = (values['fiscal-ca'] as string[] | undefined) ?? [];
  const secretFile = str('fiscal-secret');
  const fiscal = {
    ...(fiscalUrl ? { url: fiscalUrl } : {}),
    ...(caFiles.length > 0 ? { caFiles } : {}),
    ...(secretFile ? { secretFile } : {}),
  };
  const common: Omit<ServiceConfig, 'dbFile'> = {
    host: str('host') ?? '127.0.0.1',
    ...(Object.keys(fiscal).length > 0 ? { fiscal } : {}),
    port,
    demo: values.demo ? (goods ? { goods } : true) : false,
    ...(rate === undefined ? {} : { rateLimit: rate === 0 ? false : { perSecond: rate, burst: rate * 2 } }),
    idempotencyTtlMs: keepDays * 86_400_000,
    maxConnections,
    maxConnectionsPerAddress: perAddress,
    bodyBytesInFlight: inflightMb * 2 ** 20,
    requestTimeoutMs: timeoutS * 1000,
  };
  return 'db' in where
    ? { ...common, dbFile: where.db }
    : {
        ...common,
        dataDir: where.data,
        idleCloseMs: idleS * 1000,
        maxOpenClients: maxOpen,
        ...(pgConnections === undefined ? {} : { pgConnections }),
        ...(pgThreads === undefined ? {} : { pgThreads }),
        ...(pgMainReads === undefined ? {} : { pgMainReads }),
      };
}

type Where = { db: string } | { data: string };

/**
 * A setting of PostgreSQL's only: `--pg-…`, else the environment's CASHDESK_PG_… (for a deployment
 * that sets it once), with the name to blame for a wrong value; undefined on a file or a folder,
 * where the flag is refused.
 */
function pgSetting(flag: string | undefined, where: Where, option: string): { value?: string; name: string } | undefined {
  if (!('data' in where && isPostgresUrl(where.data))) {
    if (flag !== undefined) throw new UsageError(`--${option} goes with --db postgres://…`);
    return undefined;
  }
  if (flag !== undefined) return { value: flag, name: `--${option}` };
  const name = `CASHDESK_${option.toUpperCase().replaceAll('-', '_')}`;
  const env = process.env[name];
  return env ? { value: env, name } : { name };
}

/**
 * `--pg-threads N`: each process's back office threads on PostgreSQL (server/clients/threads/), 0
 * for none; at most one per connection of its share.
 */
function pgThreadsOf(flag: string | undefined, where: Where): number | undefined {
  const setting = pgSetting(flag, where, 'pg-threads');
  return setting && positiveInt(setting.value, setting.name, DEFAULT_PG_THREADS);
}

/** `--pg-main-reads on|off`: whether the main thread makes a till's lookups itself (server/clients/main-reads/); on unless told off. */
function pgMainReadsOf(flag: string | undefined, where: Where): boolean | undefined {
  const setting = pgSetting(flag, where, 'pg-main-reads');
  if (setting?.value === undefined) return undefined;
  if (setting.value !== 'on' && setting.value !== 'off') throw new UsageError(`${setting.name} must be on or off`);
  return setting.value === 'on';
}

/** `--pg-connections N`: the budget of every process together, as this process's share. */
function pgConnectionsOf(flag: string | undefined, where: Where, workers: number) {
  const setting = pgSetting(flag, where, 'pg-connections');
  if (!setting) return undefined;
  const budget = positiveInt(setting.value, setting.name, DEFAULT_PG_CONNECTIONS);
  try {
    return connectionsPerProcess(budget, workers);
  } catch (err) {
    throw new UsageError(`${setting.name}: ${(err as Error).message}`);
  }
}

/** The keys of a back office file, or of a data folder's registry with the client a command names. */
function openKeys(values: { db?: string | undefined; data?: string | undefined; client?: string | undefined }) {
  const where = store(values);
  if ('db' in where) {
    if (values.client) throw new UsageError('--client goes with --data');
    const db = openServiceDatabase(where.db);
    return { many: false, keys: new KeyStore(db), client: () => '', clientName: (id: string) => id, close: () => db.close() };
  }
  const db = openStore(where.data).openRegistry();
  const clients = new ClientRegistry(db);
  const client = () => {
    if (!values.client) return clients.defaultClient().id;
    const c = clients.find(values.client);
    if (!c) throw new Error(`no client named ${values.client}; see clients list`);
    return c.id;
  };
  const clientName = (id: string) => clients.byId(id)?.name ?? id;
  return { many: true, keys: new KeyStore(db), client, clientName, close: () => db.close() };
}

function keys(args: string[]) {
  const [verb, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: 'string' },
      data: { type: 'string' },
      client: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
    },
    strict: true,
  });
  // many: a folder or PostgreSQL (--data DIR or --db postgres://…), whose keys each name a client.
  const { many, keys: store, client, clientName, close } = openKeys(values);
  try {
    switch (verb) {
      case 'create': {
        const scopes = parseScopes(need(values.scopes, '--scopes'));
        const { key, info } = store.create(need(values.name, '--name'), scopes, client());
        const forClient = many ? ` for client ${clientName(info.client)}` : '';
        process.stdout.write(
          `created key ${info.name}${forClient} with scopes ${scopes === 'all' ? 'all' : scopes.join(',')}\n${key}\n`,
        );
        return;
      }
      case 'list':
        for (const k of store.list(many && values.client ? client() : undefined)) {
          const scopes = k.scopes === 'all' ? 'all' : k.scopes.join(',');
          process.stdout.write(
            `${k.name}${many ? `\t${clientName(k.client)}` : ''}\t${scopes}\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}\n`,
          );
        }
        return;
      case 'revoke': {
        const name = need(values.name, '--name');
        if (!store.revoke(name)) throw new Error(`no active key named ${name}`);
        process.stdout.write(`revoked ${name}\n`);
        return;
      }
      default:
        throw new UsageError(`unknown keys command ${verb ?? ''}`);
    }
  } finally {
    close();
  }
}

function clients(args: string[]) {
  const [verb, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      data: { type: 'string' },
      db: { type: 'string' },
      name: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
    strict: true,
  });
  const where = store(values);
  if ('db' in where) throw new UsageError('clients live in a data folder (--data DIR) or PostgreSQL (--db postgres://…)');
  // A data folder or a PostgreSQL address: the store's kind decides how a client moves in or out.
  const location = where.data;
  switch (verb) {
    case 'create':
    case 'list': {
      const db = openStore(location).openRegistry();
      try {
        const registry = new ClientRegistry(db);
        if (verb === 'create') {
          const c = registry.create(need(values.name, '--name'));
          process.stdout.write(`created client ${c.name}\n${c.id}\n`);
        } else {
          for (const c of registry.list()) process.stdout.write(`${c.name}\t${c.id}\tcreated ${c.createdAt}\n`);
        }
      } finally {
        db.close();
      }
      return;
    }
    case 'import': {
      const [name, from] = [need(values.name, '--name'), need(values.from, '--from')];
      const { client, keys: n } =
        openStore(location).kind === 'postgres' ? importClientPg(location, name, from) : importClient(location, name, from);
      process.stdout.write(`imported ${from} as client ${client.name} (${client.id}) with ${n} keys\n`);
      return;
    }
    case 'export': {
      const [name, to] = [need(values.name, '--name'), need(values.to, '--to')];
      const { client, keys: n } =
        openStore(location).kind === 'postgres' ? exportClientPg(location, name, to) : exportClient(location, name, to);
      process.stdout.write(`exported client ${client.name} to ${to} with ${n} keys\n`);
      return;
    }
    default:
      throw new UsageError(`unknown clients command ${verb ?? ''}`);
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'serve') return serve(rest);
  if (command === 'keys') return keys(rest);
  if (command === 'clients') return clients(rest);
  throw new UsageError(command ? `unknown command ${command}` : 'no command given');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`${(err as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
  process.exit(usage ? 2 : 1);
});
