/**
 * npm run bench:gateway — `service.ping` through the full gateway pipeline against a bare
 * node:http handler answering a body of the same size, with the same load generator in the
 * same run. Prints requests/s of both, their ratio, and p50/p99 latency. Target: ratio >= 0.6.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
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

/** Latency of one request at a time (autocannon reports whole milliseconds only). */
async function sequentialLatency(url: string, key: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(`${url}/v1/rpc`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(BODY);
    });
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t0 = performance.now();
    await once();
    if (i >= 500) times.push((performance.now() - t0) * 1000);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.floor((p / 100) * (times.length - 1))] as number);
  return { p50us: at(50), p99us: at(99) };
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
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    ...(await sequentialLatency(url, key)),
  };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const full = await startTarget('full');
const probe = await fetch(`${full.url}/v1/rpc`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${full.key}` },
  body: BODY,
});
const size = (await probe.text()).length;
const bare = await startTarget('bare', size);

const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   under load p50 ${r.p50} ms p99 ${r.p99} ms   one at a time p50 ${r.p50us} µs p99 ${r.p99us} µs`;
console.log(
  `service.ping, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, response body ${size} bytes, request logs off`,
);
// Rounds alternate the two servers, so noise from a shared machine falls on both alike.
const ratios: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const f = await load(full.url, full.key);
  const b = await load(bare.url, '');
  ratios.push(f.rps / b.rps);
  console.log(`round ${round}: ratio ${(f.rps / b.rps).toFixed(2)}`);
  console.log(row('full gateway pipeline', f));
  console.log(row('bare node:http', b));
}
full.child.kill();
bare.child.kill();
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] as number;
console.log(`ratio full/bare, median of ${ROUNDS} rounds: ${median.toFixed(2)} (target >= 0.60)`);
