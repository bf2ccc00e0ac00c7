import { describe, expect, it } from 'vitest';
import { attentionFirst, needsPerson, shownTime, VIEWS } from './views.js';

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

  it('show a time of today to the second, and the date of another day', () => {
    const now = new Date(2026, 10, 21, 9, 0, 0);
    expect(shownTime(new Date(2026, 10, 21, 8, 21, 5).toISOString(), now)).toBe('08:21:05');
    expect(shownTime(new Date(2026, 10, 20, 23, 59, 0).toISOString(), now)).toBe('20.11 23:59:00');
    expect(shownTime(null, now)).toBe('');
    expect(shownTime('не час', now)).toBe('');
  });
});
