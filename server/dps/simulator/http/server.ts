/**
 * The tax service's fiscal server over HTTP, on loopback only, for the demo and the exchange
 * adapter's tests: the real protocol (POST <url>/doc, /pck, /cmd, optionally ?resultAsJson=true),
 * signed documents checked against the simulator's own CA, signed TICKETs, the real refusals.
 * Its state lives in the database it is given (the simulator's migrations, schema.ts): the back
 * office's own in the demo, so its history agrees with the books; an in-memory one in tests.
 *
 * HTTP answers:
 *  - 200: a signed TICKET (doc), "OK" or the next offline session as JSON (pck), JSON (cmd);
 *  - 400 "Код помилки: N Name\r\n…" for the server's numbered errors (404 for 1, an unknown
 *    register), and 400 with a bare description for a message that is not a signed one;
 *  - 401 a signer who is neither the seller nor its cashier; 204 a certificate naming no tax
 *    number (and "no data" for a command); 415 a Content-Type or Content-Encoding it does not
 *    take; 416 over 200 KB before compression; 403 another path; 405 another method.
 * With ?resultAsJson=true a command's numbered errors come as 200 {ErrorCode, ErrorMessage}.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Certificate } from '../../signing/certificate.js';
import type { Signer } from '../../signing/cms.js';
import { FsError } from '../errors.js';
import { kyivWall } from '../kyiv-time.js';
import { ledgerOf } from '../ledger.js';
import type { Registry } from '../registry.js';
import { simulatorSql } from '../statements.js';
import { authorityOf, type IssuedKey, type KeyRequest, SIMULATOR_TAX_NUMBER } from './authority.js';
import { type Command, runCommand } from './commands.js';
import type { Context } from './context.js';
import { receiveDocument, receivePackage } from './documents.js';
import { openRequest } from './envelope.js';
import { type Endpoint, type Fault, Faults } from './faults.js';
import { bodyKind, receive } from './receive.js';
import { fsErrorReply, JSON_TYPE, Refusal, type Reply, text } from './replies.js';

export interface SimulatorOptions {
  /** The state: a database with the simulator's migrations (simulatorMigrations). */
  readonly db: Db;
  /** Which registers the server knows and who may sign for them. */
  readonly registry: Registry;
  /** 0 (any free port) by default. */
  readonly port?: number;
  /** The path the endpoints hang under, as the DPS's "/fs". */
  readonly basePath?: string;
  /** The longest offline session taken, in hours (the law's 36 by default). */
  readonly offlineSessionHours?: number;
  readonly now?: () => Date;
}

export interface HttpSimulator {
  /** The server's address, e.g. http://127.0.0.1:41234/fs: what the exchange adapter is given. */
  readonly url: string;
  /** The simulator's CA: the trust store a client checks tickets (and the simulator checks keys) against. */
  readonly caCertificate: Certificate;
  /** The certificate its tickets are signed with, naming SIMULATOR_TAX_NUMBER. */
  readonly serverCertificate: Certificate;
  readonly serverTaxNumber: string;
  /** A key container (PBES2) and certificate from the simulator's CA, for the demo's shop and tests. */
  issueKey(req: KeyRequest & { readonly password: string }): IssuedKey;
  /** The same key in memory, without a container: quick, for tests. */
  issueSigner(req: KeyRequest): Signer;
  /**
   * Cuts the server (it stops listening, so connections are refused, and open ones are reset) or
   * brings it back on the same port. The state is the database's flag the in-process double
   * keeps too: where something else clears that flag (the demo's switch), connections are reset.
   */
  setReachable(reachable: boolean): Promise<void>;
  inject(fault: Fault): void;
  clearFaults(): void;
  /** How many requests reached each endpoint (refused ones included): what a test counts to see what went out. */
  readonly received: Readonly<Record<Endpoint, number>>;
  close(): Promise<void>;
}

const ENDPOINTS: readonly Endpoint[] = ['doc', 'pck', 'cmd'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function commandOf(ctx: Context, body: Buffer, signed: boolean): Command {
  const opened = signed ? openRequest(body, ctx.authority.trust) : undefined;
  let value: unknown;
  try {
    value = JSON.parse((opened?.content ?? body).toString('utf8'));
  } catch {
    throw new FsError(11, 'Запит не є коректним JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FsError(11, 'Запит має бути об’єктом JSON');
  return { json: value as Record<string, unknown>, signer: opened?.signer };
}

/** A command's numbered error in resultAsJson mode: HTTP 200 with ErrorCode and ErrorMessage. */
const jsonError = (ctx: Context, err: FsError): Reply => ({
  status: 200,
  type: JSON_TYPE,
  body: JSON.stringify({ Timestamp: kyivWall(ctx.now()).iso, ErrorCode: err.code, ErrorMessage: err.description }),
});

export async function startSimulator(opts: SimulatorOptions): Promise<HttpSimulator> {
  const now = opts.now ?? (() => new Date());
  const base = (opts.basePath ?? '/fs').replace(/\/$/, '');
  const sql = simulatorSql(opts.db);
  const authority = authorityOf(opts.db, now);
  const hours = opts.offlineSessionHours ?? 36;
  const ctx: Context = {
    db: opts.db,
    sql,
    ledger: ledgerOf(opts.db, { registry: opts.registry, sessionHours: () => hours, now }),
    authority,
    registry: opts.registry,
    now,
    entryOf(numprro) {
      const kept = sql.register.get(numprro);
      return opts.registry(numprro) ?? (kept ? { tin: kept.tin } : undefined);
    },
  };
  const faults = new Faults();
  const received: Record<Endpoint, number> = { doc: 0, pck: 0, cmd: 0 };
  const reachable = () => sql.state.get()?.reachable === 1;
  const sockets = new Set<Socket>();

  async function answer(req: IncomingMessage, endpoint: Endpoint, asJson: boolean): Promise<Reply> {
    try {
      const kind = bodyKind(req, endpoint === 'cmd');
      const body = await receive(req);
      if (endpoint === 'doc') return receiveDocument(ctx, body);
      if (endpoint === 'pck') return receivePackage(ctx, body);
      return runCommand(ctx, commandOf(ctx, body, kind === 'signed'));
    } catch (err) {
      if (err instanceof Refusal) return err.reply;
      if (err instanceof FsError) return asJson && endpoint === 'cmd' ? jsonError(ctx, err) : fsErrorReply(err);
      throw err;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const endpoint = ENDPOINTS.find((e) => url.pathname === `${base}/${e}`);
    if (endpoint) received[endpoint] += 1;
    if (!reachable() || (endpoint && faults.take('reset', endpoint))) {
      req.socket.destroy();
      return;
    }
    let reply: Reply;
    if (!endpoint) reply = text(403, 'Некоректний URL звернення до сервера');
    else if (req.method !== 'POST') reply = text(405, 'Метод звернення до сервера не дозволяється для зазначеної операції');
    else reply = await answer(req, endpoint, url.searchParams.get('resultAsJson')?.toLowerCase() === 'true');
    if (endpoint && endpoint !== 'cmd') {
      const drop = faults.take('drop-answer', endpoint);
      if (drop) {
        // Registered, and the answer never leaves: the client sees its connection reset.
        req.socket.destroy();
        if (drop.thenUnreachable) await setReachable(false);
        return;
      }
    }
    const delay = endpoint ? faults.take('delay', endpoint) : undefined;
    if (delay) await sleep(delay.ms);
    if (res.destroyed) return;
    res.writeHead(reply.status, reply.type && reply.status !== 204 ? { 'Content-Type': reply.type } : {});
    res.end(reply.status === 204 ? undefined : reply.body);
  }

  // Exclusive: in a worker of `serve --workers N` (node:cluster) a port-0 listen is otherwise the
  // primary's one shared port for every worker's simulators, and it hands each connection to any of
  // them: one shop's documents reached another shop's simulator, which refused their signatures.
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });

  async function setReachable(on: boolean): Promise<void> {
    sql.setReachable.run(on ? 1 : 0);
    if (on && !server.listening) await listen(port);
    if (!on && server.listening) {
      server.close();
      for (const s of sockets) s.destroy();
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) return;
      // A fault of the simulator's own: a 500 like the real server's, without the stack.
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Внутрішня помилка сервера: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  server.on('connection', (socket) => {
    if (!reachable()) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(opts.port ?? 0);
  const { port } = server.address() as AddressInfo;
  if (!reachable()) await setReachable(false);

  return {
    url: `http://127.0.0.1:${port}${base}`,
    caCertificate: authority.ca,
    serverCertificate: authority.server.certificate,
    serverTaxNumber: SIMULATOR_TAX_NUMBER,
    issueKey: (req) => authority.issueKey(req),
    issueSigner: (req) => authority.issueSigner(req),
    setReachable,
    inject: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    received,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) {
          for (const s of sockets) s.destroy();
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
