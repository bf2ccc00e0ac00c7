/**
 * The CPU of a service process and of every process under it (`serve --workers N` forks its
 * workers, whose CPU is the service's too), ms so far. Threads (PostgreSQL's I/O thread, a
 * --pg-threads pool) are inside their process's figure already.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMsOf } from '../pg/measure.js';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

export function treeCpuMs(root: number): number {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let ms = 0;
  const stack = [root];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    ms += cpuMsOf(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return ms;
}
