import { describe, expect, it } from 'vitest';
import { attentionFirst, needsPerson, VIEWS } from './views.js';

describe('outbox views', () => {
  it('list every open state in the default view and the settled ones only in history', () => {
    const [open, attention, waiting, history] = VIEWS;
    expect(open?.states).toEqual(expect.arrayContaining(['queued', 'sending', 'refused', 'reconcile']));
    expect(attention?.states).toEqual(['refused', 'reconcile']);
    expect(waiting?.states).toEqual(['queued', 'sending']);
    expect(history?.states).toEqual(['done', 'reconciled']);
  });

  it('put what needs a person first, keeping the order within each part', () => {
    const items = [
      { id: 5, state: 'queued' as const },
      { id: 4, state: 'refused' as const },
      { id: 3, state: 'sending' as const },
      { id: 2, state: 'reconcile' as const },
    ];
    expect(attentionFirst(items).map((i) => i.id)).toEqual([4, 2, 5, 3]);
    expect(needsPerson('done')).toBe(false);
  });
});
