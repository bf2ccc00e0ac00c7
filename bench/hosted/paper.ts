/**
 * What N machines like this one, and a Citus cluster, would carry: worked out from the CPU a sale
 * cost in the flat-out phase (its close and the reads before it), for the busy hour of a chain of
 * 1,000 shops × 5 tills (a sale a till every 30 s: ~167 closes/s and ~833 reads/s with 5 reads).
 * On paper, not measured: it assumes the cost per sale stays as measured when spread out.
 */
import { cpus } from 'node:os';
import type { Phase } from './phase.js';

const CHAIN_SALES_PER_S = (1000 * 5) / 30;

export function paper(phases: readonly Phase[], reads: number): string {
  const lines = [
    `\nOn paper: a chain's busy hour, 1,000 shops × 5 tills, ${CHAIN_SALES_PER_S.toFixed(0)} sales/s (${(CHAIN_SALES_PER_S * reads).toFixed(0)} reads/s), from phase 2's measured cost:`,
  ];
  const cores = cpus().length;
  for (const p of phases.filter((x) => x.name === '2 flat out')) {
    const salesPerS = p.closes.length / p.seconds;
    const machines = Math.ceil(CHAIN_SALES_PER_S / Math.max(salesPerS, 0.001));
    const serviceCores = (CHAIN_SALES_PER_S * p.serviceMsPerSale) / 1000;
    const dbCores = (CHAIN_SALES_PER_S * p.postgresMsPerSale) / 1000;
    lines.push(
      `  ${p.engine}: this ${cores}-core machine (service and database on it) carried ${salesPerS.toFixed(1)} sales/s flat out, so ~${machines} such machines; ` +
        `in CPU, ${serviceCores.toFixed(1)} cores of service processes` +
        (p.engine === 'PostgreSQL'
          ? ` and ${dbCores.toFixed(1)} cores of PostgreSQL — on Citus (each shop's schema a distributed schema, one worker per shard group), those database cores split across the workers, the coordinator routing each shop's transaction to one worker`
          : ' (each shop a SQLite file of its own: shops split across machines by client, no shared database)'),
    );
  }
  return lines.join('\n');
}
