/**
 * Command line of the RPC service. Other tools script it, so its shape is fixed:
 *   serve --db FILE [--host 127.0.0.1] [--port 8787] [--demo] [--goods N] [--rate-limit N] [--idempotency-days N]
 *         [--max-connections N] [--max-inflight-mb N] [--request-timeout N]
 *   keys create --db FILE --name NAME --scopes LIST|all   (the key alone on the last line)
 *   keys list --db FILE
 *   keys revoke --db FILE --name NAME
 */
import { parseArgs } from 'node:util';
import { KeyStore, parseScopes } from './auth/keys.js';
import {
  DEFAULT_MAX_BODY_BYTES_IN_FLIGHT,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_BODY_BYTES,
} from './http/limits.js';
import { openServiceDatabase, startService } from './service.js';

const USAGE = `usage:
  server serve --db FILE [--host 127.0.0.1] [--port 8787] [--demo] [--goods N] [--rate-limit N] [--idempotency-days N]
               [--max-connections N] [--max-inflight-mb N] [--request-timeout N]
  server keys create --db FILE --name NAME --scopes LIST|all
  server keys list --db FILE
  server keys revoke --db FILE --name NAME`;

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

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8787' },
      demo: { type: 'boolean', default: false },
      goods: { type: 'string' },
      'rate-limit': { type: 'string' },
      'idempotency-days': { type: 'string' },
      'max-connections': { type: 'string' },
      'max-inflight-mb': { type: 'string' },
      'request-timeout': { type: 'string' },
    },
    strict: true,
  });
  const port = positiveInt(values.port, '--port', 8787);
  const goods = values.goods === undefined ? undefined : positiveInt(values.goods, '--goods', 0);
  const rate = values['rate-limit'] === undefined ? undefined : positiveInt(values['rate-limit'], '--rate-limit', 0);
  // Idempotency records must outlive the longest a till stays offline (36 h by the PRRO rules).
  const keepDays = positiveInt(values['idempotency-days'], '--idempotency-days', 7);
  if (keepDays < 2) throw new UsageError('--idempotency-days must be at least 2: a till may stay offline for 36 hours');
  const maxConnections = positiveInt(values['max-connections'], '--max-connections', DEFAULT_MAX_CONNECTIONS);
  const inflightMb = positiveInt(values['max-inflight-mb'], '--max-inflight-mb', DEFAULT_MAX_BODY_BYTES_IN_FLIGHT / 2 ** 20);
  const timeoutS = positiveInt(values['request-timeout'], '--request-timeout', DEFAULT_REQUEST_TIMEOUT_MS / 1000);
  if (maxConnections < 1) throw new UsageError('--max-connections must be at least 1');
  // Below one largest body, a valid request could never be read.
  if (inflightMb * 2 ** 20 < MAX_BODY_BYTES)
    throw new UsageError(`--max-inflight-mb must be at least ${Math.ceil(MAX_BODY_BYTES / 2 ** 20)}, the largest request body`);
  if (timeoutS < 1) throw new UsageError('--request-timeout must be at least 1 second');
  const service = await startService({
    dbFile: need(values.db, '--db'),
    host: values.host ?? '127.0.0.1',
    port,
    demo: values.demo ? (goods ? { goods } : true) : false,
    ...(rate === undefined ? {} : { rateLimit: rate === 0 ? false : { perSecond: rate, burst: rate * 2 } }),
    idempotencyTtlMs: keepDays * 86_400_000,
    maxConnections,
    bodyBytesInFlight: inflightMb * 2 ** 20,
    requestTimeoutMs: timeoutS * 1000,
  });
  process.stdout.write(`retail RPC service listening on ${service.url}/v1/rpc\n`);
  const stop = () => {
    service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function keys(args: string[]) {
  const [verb, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { db: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' } },
    strict: true,
  });
  const db = openServiceDatabase(need(values.db, '--db'));
  try {
    const store = new KeyStore(db);
    switch (verb) {
      case 'create': {
        const scopes = parseScopes(need(values.scopes, '--scopes'));
        const { key, info } = store.create(need(values.name, '--name'), scopes);
        process.stdout.write(`created key ${info.name} with scopes ${scopes === 'all' ? 'all' : scopes.join(',')}\n${key}\n`);
        return;
      }
      case 'list':
        for (const k of store.list()) {
          const scopes = k.scopes === 'all' ? 'all' : k.scopes.join(',');
          process.stdout.write(`${k.name}\t${scopes}\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}\n`);
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
    db.close();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'serve') return serve(rest);
  if (command === 'keys') return keys(rest);
  throw new UsageError(command ? `unknown command ${command}` : 'no command given');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`${(err as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
  process.exit(usage ? 2 : 1);
});
