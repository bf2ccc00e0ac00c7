/**
 * npm run bench:gateway — `service.ping` through the full gateway pipeline against a bare
 * node:http handler answering a body of the same size, with the same load generator in the
 * same run. Prints requests/s of both, their ratio, and p50/p99 latency. Target: ratio >= 0.6.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BODY = JSON.stringify({ method: 'service.ping', params: {}, id: 1 });

async function startTarget(mode: 'full' | 'bare', size = 0): Promise<{ child: ChildProcess; url: string; key: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/gateway-target.ts', mode, String(size)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as { url: string; key: string }) };
}

async function load(url: string, key: string) {
  const r = await autocannon({
    url: `${url}/v1/rpc`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: BODY,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers and ${r.errors} errors during the run`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

const full = await startTarget('full');
const probe = await fetch(`${full.url}/v1/rpc`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${full.key}` },
  body: BODY,
});
const size = (await probe.text()).length;
const fullRun = await load(full.url, full.key);
full.child.kill();
const bare = await startTarget('bare', size);
const bareRun = await load(bare.url, '');
bare.child.kill();

const row = (name: string, r: typeof fullRun) =>
  `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total} requests)`;
console.log(`service.ping, ${CONNECTIONS} connections, ${DURATION} s each, response body ${size} bytes`);
console.log(row('full gateway pipeline', fullRun));
console.log(row('bare node:http', bareRun));
console.log(`ratio full/bare: ${(fullRun.rps / bareRun.rps).toFixed(2)} (target >= 0.60)`);
