/**
 * Element order and occurrences: a content model (sequences and choices with minOccurs and
 * maxOccurs) as a nondeterministic automaton over child names, run a child at a time. Running
 * the whole set of states needs no assumption about the schema beyond XSD's own rule that one
 * name has one type within a content model. When a child does not fit, the automaton also
 * tells what is missing: the fewest elements that, inserted, would let it (or the end) fit.
 */
import type { ElementParticle, GroupParticle, Particle } from './model.js';

interface Edge {
  readonly decl: ElementParticle;
  readonly to: number;
}

interface Automaton {
  /** Per state: the states reached without reading a child. */
  readonly free: number[][];
  /** Per state: the transitions that read a child of the declaration's name. */
  readonly edges: Edge[][];
  readonly start: number;
  readonly accept: number;
}

function build(content: GroupParticle): Automaton {
  const free: number[][] = [];
  const edges: Edge[][] = [];
  const state = () => {
    free.push([]);
    edges.push([]);
    return free.length - 1;
  };
  const link = (from: number, to: number) => (free[from] as number[]).push(to);

  // Each returns the state where the particle's match ends, starting from `from`.
  const once = (p: Particle, from: number): number => {
    if (p.kind === 'element') {
      const to = state();
      (edges[from] as Edge[]).push({ decl: p, to });
      return to;
    }
    if (p.kind === 'sequence') return p.items.reduce((at, item) => occurs(item, at), from);
    const end = state();
    for (const item of p.items) {
      const branch = state();
      link(from, branch);
      link(occurs(item, branch), end);
    }
    return end;
  };
  // minOccurs copies in a row, then the optional ones, or a loop when unbounded.
  const occurs = (p: Particle, from: number): number => {
    let at = from;
    for (let k = 0; k < p.min; k++) at = once(p, at);
    if (p.max === 'unbounded') {
      const loop = state();
      link(at, loop);
      link(once(p, loop), loop);
      return loop;
    }
    const exit = state();
    for (let k = p.min; k < p.max; k++) {
      link(at, exit);
      at = once(p, at);
    }
    link(at, exit);
    return exit;
  };

  const start = state();
  return { free, edges, start, accept: occurs(content, start) };
}

const automata = new WeakMap<GroupParticle, Automaton>();

function automatonOf(content: GroupParticle): Automaton {
  let a = automata.get(content);
  if (!a) {
    a = build(content);
    automata.set(content, a);
  }
  return a;
}

function closure(a: Automaton, states: Iterable<number>): number[] {
  const seen = new Set(states);
  const todo = [...seen];
  for (let s = todo.pop(); s !== undefined; s = todo.pop()) {
    for (const t of a.free[s] as number[]) {
      if (!seen.has(t)) {
        seen.add(t);
        todo.push(t);
      }
    }
  }
  // State numbers follow the schema's order, so sorted they list names in that order.
  return [...seen].sort((x, y) => x - y);
}

/**
 * The shortest run of inserted children from `from` to a state where `goal` holds: a 0-1
 * breadth-first search, free moves costing nothing and reading a child costing one.
 */
function insertions(a: Automaton, from: readonly number[], goal: (s: number) => boolean): string[] | undefined {
  const cost = new Map<number, number>();
  const back = new Map<number, { readonly prev: number; readonly name?: string }>();
  const queue: number[] = [];
  for (const s of from) {
    cost.set(s, 0);
    queue.push(s);
  }
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    if (goal(s)) {
      const names: string[] = [];
      for (let step = back.get(s); step; step = back.get(step.prev)) if (step.name) names.unshift(step.name);
      return names;
    }
    const c = cost.get(s) as number;
    for (const t of a.free[s] as number[]) {
      if ((cost.get(t) ?? Number.POSITIVE_INFINITY) > c) {
        cost.set(t, c);
        back.set(t, { prev: s });
        queue.unshift(t);
      }
    }
    for (const e of a.edges[s] as Edge[]) {
      if ((cost.get(e.to) ?? Number.POSITIVE_INFINITY) > c + 1) {
        cost.set(e.to, c + 1);
        back.set(e.to, { prev: s, name: e.decl.name });
        queue.push(e.to);
      }
    }
  }
  return undefined;
}

/** Reading the children of one element, in order. */
export class ContentRun {
  private readonly a: Automaton;
  private states: number[];

  constructor(content: GroupParticle) {
    this.a = automatonOf(content);
    this.states = closure(this.a, [this.a.start]);
  }

  /** Reads a child: its declaration, or undefined (and nothing read) when it cannot come here. */
  step(name: string): ElementParticle | undefined {
    let decl: ElementParticle | undefined;
    const next: number[] = [];
    for (const s of this.states) {
      for (const e of this.a.edges[s] as Edge[]) {
        if (e.decl.name === name) {
          decl ??= e.decl;
          next.push(e.to);
        }
      }
    }
    if (decl) this.states = closure(this.a, next);
    return decl;
  }

  /** Whether the children read so far are complete. */
  get canEnd(): boolean {
    return this.states.includes(this.a.accept);
  }

  /** The names that may come next, in schema order. */
  expected(): string[] {
    const names = this.states.flatMap((s) => (this.a.edges[s] as Edge[]).map((e) => e.decl.name));
    return [...new Set(names)];
  }

  /** The fewest children to insert before `name` so it can come; undefined when it cannot come later at all. */
  missingBefore(name: string): string[] | undefined {
    return insertions(this.a, this.states, (s) => (this.a.edges[s] as Edge[]).some((e) => e.decl.name === name));
  }

  /** The fewest children to add so the element is complete. */
  missingAtEnd(): string[] {
    return insertions(this.a, this.states, (s) => s === this.a.accept) ?? [];
  }
}

/** Any declaration of `name` in the content model. */
export function declarationOf(p: Particle, name: string): ElementParticle | undefined {
  if (p.kind === 'element') return p.name === name ? p : undefined;
  for (const item of p.items) {
    const d = declarationOf(item, name);
    if (d) return d;
  }
  return undefined;
}
