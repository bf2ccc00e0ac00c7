import { describe, expect, it } from 'vitest';
import { batchesCost, batchesQuantity, type CardRow, cardFound, groupByTag, type PartRow } from './tagged.js';

const fifo = (document_number: string, cost: string, quantity: string): PartRow<'FIFO'> => ({
  tag: 'FIFO',
  document_number,
  cost,
  quantity,
  date: '2025-03-01',
  fiscal: '1',
});

const ROWS: CardRow[] = [
  { tag: 'STATE', found: '1' },
  { tag: 'EXTRA_CODE', code: '200001' },
  fifo('П-0001', '10.10', '0.1'),
  { tag: 'EXTRA_CODE', code: '200002' },
  fifo('П-0002', '20.20', '0.2'),
  { tag: 'SIZE_SUMMARY', summary: 'склад: 0.3 кг' },
];

describe('the parts of a product card', () => {
  it('are grouped by tag, keeping the order the service sent them in', () => {
    const parts = groupByTag(ROWS);
    expect(parts.EXTRA_CODE?.map((r) => r.code)).toEqual(['200001', '200002']);
    expect(parts.FIFO?.map((r) => r.document_number)).toEqual(['П-0001', 'П-0002']);
    expect(parts.SIZE_SUMMARY?.[0]?.summary).toBe('склад: 0.3 кг');
    expect(parts.MAIN).toBeUndefined();
  });

  it('say whether the code names a card', () => {
    expect(cardFound(groupByTag(ROWS))).toBe(true);
    expect(cardFound(groupByTag<CardRow>([{ tag: 'STATE', found: '0' }]))).toBe(false);
    expect(cardFound(groupByTag<CardRow>([]))).toBe(false);
  });

  it('sum the batches exactly: 0.1 + 0.2 is 0.3, and cost × quantity to the kopeck', () => {
    const batches = groupByTag(ROWS).FIFO ?? [];
    expect(batchesQuantity(batches).toString()).toBe('0.3');
    expect(batchesCost(batches).toFixed(2)).toBe('5.05');
    expect(batchesQuantity([]).toString()).toBe('0');
  });
});
