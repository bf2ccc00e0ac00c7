/**
 * npm run bench:gateway — `service.ping` through the full gateway pipeline against a bare
 * node:http handler answering a body of the same size, with the same load generator in the
 * same run. Prints requests/s of both, their ratio (the figure; target >= 0.8, issue 12), the
 * CPU each server spent per request, and p50/p99 latency. A third server, the floor, does only
 * what a ping that keeps the spec cannot skip (parse the body, read the database, answer JSON):
 * its ratio is the most any gateway could reach on this machine.
 *
 * On a shared machine the load of others changes from second to second, so the servers are
 * loaded in many short alternating rounds (full and floor before and after bare in turn), and the
 * median ratio is the figure. The
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
import { op } from '../shared/contract/op.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.8;
const BODY = JSON.stringify({ method: op.service.ping, params: {}, id: 1 });

interface Target {
  readonly child: ChildProcess;
  readonly url: string;
  readonly key: string;
  /** The server process's own CPU time so far, in µs (user + system). */
  cpu(): Promise<number>;
}

const TARGET_BUNDLE = await bundleServer('bench/gateway-target.ts', 'dist/bench/gateway-target.mjs');

async function startTarget(mode: 'full' | 'bare' | 'floor', size = 0): Promise<Target> {
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
const floor = await startTarget('floor', size);

type Run = Awaited<ReturnType<typeof load>>;
const row = (name: string, r: Run) =>
  `  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   ${r.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/request   under load p50 ${r.p50} ms p99 ${r.p99} ms`;
console.log(
  `service.ping, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s on each server (full and floor on either side of bare in turn), response body ${size} bytes, request logs off`,
);
// Not counted: the first seconds of a process are spent compiling its hot path.
await load(full, 2);
await load(bare, 2);
await load(floor, 2);
const ratios: number[] = [];
const floorRatios: number[] = [];
const cpu = { full: [] as number[], bare: [] as number[], floor: [] as number[] };
for (let round = 1; round <= ROUNDS; round++) {
  // Full and floor swap sides of bare every round: a load that grows or falls through the run
  // weighs on each ratio's two servers alike.
  const fullFirst = round % 2 === 1;
  const first = await load(fullFirst ? full : floor);
  const b = await load(bare);
  const last = await load(fullFirst ? floor : full);
  const [f, fl] = fullFirst ? [first, last] : [last, first];
  ratios.push(f.rps / b.rps);
  floorRatios.push(fl.rps / b.rps);
  cpu.full.push(f.cpuPerRequest);
  cpu.bare.push(b.cpuPerRequest);
  cpu.floor.push(fl.cpuPerRequest);
  console.log(`round ${round}: ratio ${(f.rps / b.rps).toFixed(2)}, floor ${(fl.rps / b.rps).toFixed(2)}`);
  console.log(row('full gateway pipeline', f));
  console.log(row('bare node:http', b));
  console.log(row('floor (body, db, JSON)', fl));
}
const latency = { full: await sequentialLatency(full.url, full.key), bare: await sequentialLatency(bare.url, '') };
for (const target of [full, bare, floor]) target.child.kill();
console.log(
  `one request at a time: full p50 ${latency.full.p50us} µs p99 ${latency.full.p99us} µs; bare p50 ${latency.bare.p50us} µs p99 ${latency.bare.p99us} µs`,
);
const cpuFull = median(cpu.full);
const cpuBare = median(cpu.bare);
console.log(
  `server CPU per request, median: full ${cpuFull.toFixed(1)} µs, bare ${cpuBare.toFixed(1)} µs (bare ÷ full ${(cpuBare / cpuFull).toFixed(2)}), floor ${median(cpu.floor).toFixed(1)} µs`,
);
console.log(
  `floor/bare req/s, median of ${ROUNDS} rounds: ${median(floorRatios).toFixed(2)} (the most a ping that reads the database could reach here)`,
);
console.log(
  `ratio full/bare req/s, median of ${ROUNDS} rounds: ${median(ratios).toFixed(2)} (target >= ${TARGET.toFixed(2)}, issue 12)`,
);
