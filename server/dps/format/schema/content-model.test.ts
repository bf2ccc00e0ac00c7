import { describe, expect, it } from 'vitest';
import { ContentRun } from './content-model.js';
import type { GroupParticle, MaxOccurs, Particle } from './model.js';

const el = (name: string, min = 1, max: MaxOccurs = 1): Particle => ({ kind: 'element', name, type: 'xs:string', min, max });
const seq = (items: Particle[], min = 1, max: MaxOccurs = 1): GroupParticle => ({ kind: 'sequence', items, min, max });
const choice = (items: Particle[], min = 1, max: MaxOccurs = 1): GroupParticle => ({ kind: 'choice', items, min, max });

/** The names a run reads before it refuses one, and whether it may end there. */
function read(content: GroupParticle, names: string[]): { read: number; canEnd: boolean } {
  const run = new ContentRun(content);
  let n = 0;
  for (const name of names) {
    if (!run.step(name)) break;
    n++;
  }
  return { read: n, canEnd: run.canEnd };
}

describe('a content model run', () => {
  it('counts occurrences between minOccurs and maxOccurs', () => {
    const model = seq([el('A', 2, 3), el('B', 0)]);
    expect(read(model, ['A'])).toEqual({ read: 1, canEnd: false });
    expect(read(model, ['A', 'A'])).toEqual({ read: 2, canEnd: true });
    expect(read(model, ['A', 'A', 'A', 'A'])).toEqual({ read: 3, canEnd: true });
    expect(read(model, ['A', 'A', 'B', 'B'])).toEqual({ read: 3, canEnd: true });
  });

  it('repeats a group of alternatives without bound', () => {
    const model = seq([choice([el('A'), el('B')], 0, 'unbounded'), el('C')]);
    expect(read(model, ['B', 'A', 'A', 'B', 'C'])).toEqual({ read: 5, canEnd: true });
    expect(read(model, ['C'])).toEqual({ read: 1, canEnd: true });
  });

  it('names the fewest elements missing before a child and at the end', () => {
    const run = new ContentRun(seq([el('A'), el('X', 0), el('B'), el('C'), el('D', 1, 'unbounded')]));
    expect(run.missingBefore('C')).toEqual(['A', 'B']);
    expect(run.missingAtEnd()).toEqual(['A', 'B', 'C', 'D']);
    expect(run.expected()).toEqual(['A']);
    run.step('A');
    expect(run.expected()).toEqual(['X', 'B']);
    expect(run.missingBefore('A')).toBeUndefined();
  });
});
