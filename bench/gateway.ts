/**
 * npm run bench:gateway — `service.ping` through the full gateway pipeline against a bare
 * node:http handler answering a body of the same size, with the same load generator in the
 * same run. Prints requests/s of both, their ratio (the figure; target >= 0.8, issue 12), the
 * CPU each server spent per request, and p50/p99 latency.
 *
 * On a shared machine the load of others changes from second to second, so the two servers are
 * loaded in many short alternating rounds (ABBA order), and the median ratio is the figure. The
 * CPU per request each server reports of itself barely depends on that load: it says what one
 * ping costs the service, next to what node:http alone costs.
 *
 * Both servers run from the bundle `npm run build:server` makes (build/server-bundle.ts), with
 * plain node, as a server runs the service; the bench builds it first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { bundleServer } from '../build/server-bundle.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.8;
const BODY = JSON.stringify({ method: 'service.ping', params: {}, id: 1 });

interface Target {
  readonly child: ChildProcess;
  readonly url: string;
  readonly key: string;
  /** The server process's own CPU time so far, in µs (user + system). */
  cpu(): Promise<number>;
}

const TARGET_BUNDLE = await bundleServer('bench/gateway-target.ts', 'dist/bench/gateway-target.mjs');

async function startTarget(mode: 'full' | 'bare', size = 0): Promise<Target> {
  const child = spawn(process.execPath, [TARGET_BUNDLE, mode, String(size)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; key: string }));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { cpuUs: number }).cpuUs));
      child.send('cpu');
    });
  return { child, ...ready, cpu };
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

async function load(target: Target, duration = DURATION) {
  const cpu0 = await target.cpu();
  const r = await autocannon({
    url: `${target.url}/v1/rpc`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json', ...(target.key ? { authorization: `Bearer ${target.key}` } : {}) },
    body: BODY,
  });
  const cpuUs = (await target.cpu()) - cpu0;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers and ${r.errors} errors during the run`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuPerRequest: cpuUs / r.requests.total };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const full = await startTarget('full');
const probe = await fetch(`${full.url}/v1/rpc`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${full.key}` },
  body: BODY,
});
const size = (await probe.text()).length;
const bare = await startTarget('bare', size);

type Run = Awaited<ReturnType<typeof load>>;
const row = (name: string, r: Run) =>
  `  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   ${r.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/request   under load p50 ${r.p50} ms p99 ${r.p99} ms`;
console.log(
  `service.ping, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s on each server (ABBA order), response body ${size} bytes, request logs off`,
);
// Not counted: the first seconds of a process are spent compiling its hot path.
await load(full, 2);
await load(bare, 2);
const ratios: number[] = [];
const cpu = { full: [] as number[], bare: [] as number[] };
for (let round = 1; round <= ROUNDS; round++) {
  // ABBA: a load that grows or falls through the run weighs on both servers alike.
  const fullFirst = round % 2 === 1;
  const first = await load(fullFirst ? full : bare);
  const second = await load(fullFirst ? bare : full);
  const [f, b] = fullFirst ? [first, second] : [second, first];
  ratios.push(f.rps / b.rps);
  cpu.full.push(f.cpuPerRequest);
  cpu.bare.push(b.cpuPerRequest);
  console.log(`round ${round}: ratio ${(f.rps / b.rps).toFixed(2)}`);
  console.log(row('full gateway pipeline', f));
  console.log(row('bare node:http', b));
}
const latency = { full: await sequentialLatency(full.url, full.key), bare: await sequentialLatency(bare.url, '') };
full.child.kill();
bare.child.kill();
console.log(
  `one request at a time: full p50 ${latency.full.p50us} µs p99 ${latency.full.p99us} µs; bare p50 ${latency.bare.p50us} µs p99 ${latency.bare.p99us} µs`,
);
const cpuFull = median(cpu.full);
const cpuBare = median(cpu.bare);
console.log(
  `server CPU per request, median: full ${cpuFull.toFixed(1)} µs, bare ${cpuBare.toFixed(1)} µs (bare ÷ full ${(cpuBare / cpuFull).toFixed(2)})`,
);
console.log(
  `ratio full/bare req/s, median of ${ROUNDS} rounds: ${median(ratios).toFixed(2)} (target >= ${TARGET.toFixed(2)}, issue 12)`,
);
