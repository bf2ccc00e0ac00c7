/**
 * What N machines, and a Citus cluster, would carry — on paper, from bench:hosted's measured CPU,
 * with the arithmetic printed so that it can be checked (and redone for other figures):
 *   a lookup's CPU = phase "2 lookups only"'s CPU / its lookups, of the service and of PostgreSQL;
 *   a close's CPU = (phase "2 flat out"'s CPU − its lookups × a lookup's CPU) / its closes;
 *   a chain's busy hour, 1,000 shops × 5 tills, a sale a till every 30 s: 166.7 closes/s and
 *   166.7 × READS lookups/s; cores = Σ rate × CPU; machines = cores / (cores a machine × 70 %),
 *   the rest left for the peak within the hour and for everything else a machine runs; and the
 *   same less the demo simulator's share of a close (signing-cost.ts), which a hosted service sending
 *   to the DPS does not pay.
 * It assumes the CPU per request stays as measured when the load is spread over machines (no
 * network between service and database is counted, and no Citus coordinator was measured).
 */
import { cpus } from 'node:os';
import type { Phase } from './phase.js';

const CHAIN_CLOSES_PER_S = (1000 * 5) / 30;
/** The share of a machine's cores the busy hour may take, the rest kept free. */
const BUSY_SHARE = 0.7;

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/**
 * `simulatorMs`: the CPU the demo's simulator spends on a close's document in the service's process
 * (its verification and its ticket's signature), which a service sending to the DPS would not.
 */
export function paper(phases: readonly Phase[], reads: number, simulatorMs: number): string {
  const cores = cpus().length;
  const chainReads = CHAIN_CLOSES_PER_S * reads;
  const out = [
    `\nOn paper (not measured): a chain's busy hour, 1,000 shops × 5 tills, a sale a till every 30 s = ${f1(CHAIN_CLOSES_PER_S)} closes/s and ${f1(chainReads)} lookups/s (${reads} a sale).`,
    `  From phase 2's CPU (the service's processes and PostgreSQL's, not the load generator's; CPU time, so less sensitive than wall time to the other engineers' load, though not immune).`,
    "  A close's CPU includes its document's signature and the check of the tax server's ticket (a hosted service signs for its registers: its cost) and, in a demo, the tax server's simulator in the same process verifying the document and signing its ticket, " +
      `which a service sending to the DPS would not pay: one verification + one signature = ${f1(simulatorMs)} ms of CPU measured here, a close making one receipt:`,
  ];
  for (const engine of ['SQLite', 'PostgreSQL'] as const) {
    const sales = phases.find((p) => p.engine === engine && p.name === '2 flat out');
    const lookups = phases.find((p) => p.engine === engine && p.name === '2 lookups only');
    if (!sales?.closes.length || !lookups?.reads.length) continue;
    const per = (salesCpu: number, lookupsCpu: number) => {
      const read = lookupsCpu / lookups.reads.length;
      return { read, close: Math.max(0, (salesCpu - sales.reads.length * read) / sales.closes.length) };
    };
    const svc = per(sales.serviceCpuMs, lookups.serviceCpuMs);
    const db = per(sales.postgresCpuMs, lookups.postgresCpuMs);
    const saleMs = svc.close + db.close + reads * (svc.read + db.read);
    const svcCores = (CHAIN_CLOSES_PER_S * svc.close + chainReads * svc.read) / 1000;
    const dbCores = (CHAIN_CLOSES_PER_S * db.close + chainReads * db.read) / 1000;
    const machines = Math.ceil((svcCores + dbCores) / (cores * BUSY_SHARE));
    const pg = engine === 'PostgreSQL';
    out.push(
      `  ${engine}: a lookup ${f2(svc.read)} ms of the service${pg ? ` + ${f2(db.read)} ms of PostgreSQL` : ''}; ` +
        `a close ${f2(svc.close)} ms${pg ? ` + ${f2(db.close)} ms` : ''}; ` +
        `a sale (close + ${reads} lookups) ${f1(saleMs)} ms of CPU → ${f1(1000 / saleMs)} sales/s a core.`,
      `    The chain: ${f1(CHAIN_CLOSES_PER_S)} × ${f2(svc.close)} + ${f1(chainReads)} × ${f2(svc.read)} = ${f1(svcCores)} cores of service` +
        (pg
          ? `, ${f1(CHAIN_CLOSES_PER_S)} × ${f2(db.close)} + ${f1(chainReads)} × ${f2(db.read)} = ${f1(dbCores)} cores of PostgreSQL`
          : '') +
        `; at ${BUSY_SHARE * 100} % of ${cores}-core machines like this one: ${machines} machines` +
        ` (this one, shared, carried ${f1(sales.closes.length / sales.seconds)} sales/s flat out in phase 2, wall time).`,
      `    Less the simulator's ${f1(simulatorMs)} ms a close: ${f1(svcCores - (CHAIN_CLOSES_PER_S * Math.min(simulatorMs, svc.close)) / 1000)} cores of service, ` +
        `${Math.ceil((svcCores + dbCores - (CHAIN_CLOSES_PER_S * Math.min(simulatorMs, svc.close)) / 1000) / (cores * BUSY_SHARE))} machines.`,
      pg
        ? '    Service processes scale out freely (each shop is a client any process can serve); PostgreSQL is the part one machine caps.'
        : '    Each shop is a SQLite file of its own: shops are split across machines by client, with no database shared between them.',
    );
    if (pg) out.push(...citus(dbCores));
  }
  return out.join('\n');
}

/** What Citus, with the shop as distribution key, would and would not give: reasoning, not a measurement. */
function citus(dbCores: number): string[] {
  return [
    `  Citus, with the shop as distribution key (each client's schema a distributed schema: schema-based sharding) — reasoned, not measured:`,
    `    would give: every request of a till touches its own shop's schema only, so each transaction is routed whole to the one worker holding that shop;`,
    `      the ${f1(dbCores)} cores of PostgreSQL above split across workers by shops (N workers: ~${f1(dbCores)}/N cores each), and a worker's loss stops only its shops.`,
    `    would not give: reads across shops (a chain's reports, the registry of clients and keys, what the gateway looks up before it knows the shop) fan out to every worker or stay on the coordinator;`,
    `      tables every shop shares would be reference tables, copied to every worker, so each write to them is a two-phase commit across all nodes;`,
    `      every statement passes the coordinator (one more hop a round trip), so a close's latency grows with its round trips (PG statements/sale above) until they are batched (issue 24 item 1);`,
    `      and the back office's transactions are SERIALIZABLE: how Citus keeps that isolation for a transaction routed through the coordinator is to be tested before relying on it.`,
  ];
}
