import { describe, expect, it } from 'vitest';
import { planCollection } from './collection.js';

const shown = (p: ReturnType<typeof planCollection>) =>
  p.problem === undefined ? { collect: p.collect.toFixed(2), keep: p.keep.toFixed(2) } : p;

describe('the collection at the close', () => {
  it('collects the whole drawer until the cashier types otherwise', () => {
    expect(shown(planCollection('15814.00', null))).toEqual({ collect: '15814.00', keep: '0.00' });
  });

  it('keeps what the drawer does not hand over: the field typed in last decides, the other follows', () => {
    expect(shown(planCollection('15814.00', { field: 'keep', text: '1000' }))).toEqual({ collect: '14814.00', keep: '1000.00' });
    expect(shown(planCollection('15814.00', { field: 'collect', text: '14 000,50' }))).toEqual({
      collect: '14000.50',
      keep: '1813.50',
    });
    expect(shown(planCollection('15814.00', { field: 'collect', text: '' }))).toEqual({ collect: '0.00', keep: '15814.00' });
  });

  it('never takes or keeps more than the drawer holds, nor part of a kopeck', () => {
    expect(planCollection('100.00', { field: 'collect', text: '100.01' })).toEqual({ problem: 'overCash', field: 'collect' });
    expect(planCollection('100.00', { field: 'keep', text: '150' })).toEqual({ problem: 'overCash', field: 'keep' });
    expect(planCollection('100.00', { field: 'keep', text: '1,005' })).toEqual({ problem: 'kopecks', field: 'keep' });
    expect(planCollection('100.00', { field: 'keep', text: 'сто' })).toEqual({ problem: 'notNumber', field: 'keep' });
  });
});
