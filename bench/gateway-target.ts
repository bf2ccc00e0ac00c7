/**
 * A server for bench/gateway.ts, which bundles it and runs it in its own process so the load
 * generator does not share its event loop. `full`: the real service (auth, rate limit, envelope, contract, upstream on
 * SQLite, normalize). `bare`: node:http answering a fixed JSON body of the given size. `floor`: the
 * least any ping that keeps the spec can do (read the body, parse it, read the database the way the
 * service opens it, answer JSON) with no key, envelope or contract check: what is left between it
 * and `bare` is not the gateway's to win.
 * Tells the bench {url, key} over IPC when ready, and its own CPU time (µs) whenever asked.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../server/service.js';
import { silentLogger } from '../shared-node/log/logger.js';
import { migrate } from '../shared-node/sqlite/migrate.js';
import { openDatabase } from '../shared-node/sqlite/open.js';

const [mode, size] = process.argv.slice(2);

const ready = (url: string, key: string) => process.send?.({ url, key });
process.on('message', () => {
  const { user, system } = process.cpuUsage();
  process.send?.({ cpuUs: user + system });
});
// The bench going away ends this server too.
process.on('disconnect', () => process.exit(0));

if (mode === 'bare') {
  const body = JSON.stringify({ ok: true, pad: 'x'.repeat(Math.max(0, Number(size) - 23)) });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const addr = server.address() as { port: number };
    ready(`http://127.0.0.1:${addr.port}`, '');
  });
} else if (mode === 'floor') {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'bench-floor-')), 'floor.sqlite'));
  migrate(db, []);
  // The service's ping reads this same table (server/back-office/sales/diagnostics/ping.ts).
  const read = db.prepare('SELECT 1 FROM schema_migrations LIMIT 1').pluck();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
      read.get();
      const answer = JSON.stringify({ id: envelope.id, ok: true, result: {} });
      // Padded to the full service's answer, as bare's is, so the three write the same bytes.
      const body = `${answer.slice(0, -1)},"pad":"${'x'.repeat(Math.max(0, Number(size) - answer.length - 9))}"}`;
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const addr = server.address() as { port: number };
    ready(`http://127.0.0.1:${addr.port}`, '');
  });
} else {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gw-'));
  // A limit far above the load, so the limiter runs on every request without refusing any.
  const service = await startService({
    dbFile: join(dir, 'bench.sqlite'),
    port: 0,
    logger: silentLogger,
    rateLimit: { perSecond: 1e9, burst: 1e9 },
  });
  const { key } = service.keys.create('bench', 'all');
  ready(service.url, key);
}
