import { describe, expect, it } from 'vitest';
import { nextSort } from './sort.js';

describe('nextSort', () => {
  it('sorts a new column ascending and turns the direction of the sorted one', () => {
    expect(nextSort(null, 'local_num')).toEqual({ column: 'local_num', dir: 'asc' });
    expect(nextSort({ column: 'local_num', dir: 'asc' }, 'local_num')).toEqual({ column: 'local_num', dir: 'desc' });
    expect(nextSort({ column: 'local_num', dir: 'desc' }, 'local_num')).toEqual({ column: 'local_num', dir: 'asc' });
    expect(nextSort({ column: 'local_num', dir: 'desc' }, 'created_at')).toEqual({ column: 'created_at', dir: 'asc' });
  });
});
