import { describe, expect, it } from 'vitest';
import type { MirrorItem, MirrorPage, MirrorQuery } from '../../../shared/bridge/api.js';
import { CatalogMirror } from './catalog-mirror.js';

const item = (code: string, price = '10.00', codes: string[] = []): MirrorItem => ({
  code,
  name: `Товар ${code}`,
  unit: 'шт',
  price,
  weighted: false,
  plu: '',
  excise: false,
  ageLimit: 0,
  stock: '5.000',
  codes,
});

/** The desk's side, scripted: each call takes the next answer and the query it was asked is kept. */
function scripted(...answers: (MirrorPage | Error)[]) {
  const asked: MirrorQuery[] = [];
  return {
    asked,
    source: {
      catalogMirror: async (q: MirrorQuery): Promise<MirrorPage> => {
        asked.push(q);
        const next = answers.shift();
        if (next === undefined) throw new Error('asked more than scripted');
        if (next instanceof Error) throw next;
        return next;
      },
    },
  };
}

const page = (p: Partial<MirrorPage>): MirrorPage => ({
  epoch: 'E1',
  version: 1,
  full: false,
  goods: [],
  removed: [],
  next: null,
  ...p,
});

describe("the page's mirror of the catalogue copy", () => {
  it('reads every product a page at a time, by its own code and its extra ones', async () => {
    const desk = scripted(
      page({ full: true, version: 4, goods: [item('100', '1.00', ['900'])], next: '100' }),
      page({ full: true, version: 5, goods: [item('200')] }),
    );
    const mirror = new CatalogMirror(() => desk.source);
    await mirror.sync();
    expect(desk.asked).toEqual([
      { epoch: '', since: 0, limit: 2000 },
      { epoch: '', since: 0, after: '100', limit: 2000 },
    ]);
    expect(mirror.item('900')).toMatchObject({ code: '100', price: '1.00' });
    expect(mirror.item('200')?.code).toBe('200');
    expect(mirror.item('900')).not.toHaveProperty('codes');
    expect(mirror.size).toBe(2);
  });

  it("then asks for what changed since the first page's version, and follows prices, removals and moved barcodes", async () => {
    const desk = scripted(
      page({ full: true, version: 4, goods: [item('100', '1.00', ['900']), item('200'), item('300')] }),
      page({ version: 6, goods: [item('100', '1.50'), item('300', '10.00', ['900'])], removed: ['200'] }),
    );
    const mirror = new CatalogMirror(() => desk.source);
    await mirror.sync();
    await mirror.sync();
    expect(desk.asked[1]).toEqual({ epoch: 'E1', since: 4, limit: 2000 });
    expect(mirror.item('100')?.price).toBe('1.50');
    expect(mirror.item('200')).toBeUndefined();
    expect(mirror.item('900')?.code).toBe('300');
    expect(mirror.size).toBe(2);
  });

  it('lets an own code win over another product’s extra code, as pos.find_code does', async () => {
    const desk = scripted(page({ full: true, goods: [item('100', '1.00', ['200']), item('200', '2.00')] }));
    const mirror = new CatalogMirror(() => desk.source);
    await mirror.sync();
    expect(mirror.item('200')?.price).toBe('2.00');
  });

  it('reads everything again when the copy was replaced while it read the pages', async () => {
    const desk = scripted(
      page({ full: true, version: 2, goods: [item('100')], next: '100' }),
      page({ epoch: 'E2', full: true, version: 0, goods: [item('500')] }),
      page({ epoch: 'E2', full: true, version: 1, goods: [item('600')] }),
    );
    const mirror = new CatalogMirror(() => desk.source);
    await mirror.sync();
    expect(desk.asked.at(-1)).toEqual({ epoch: '', since: 0, limit: 2000 });
    expect(mirror.item('100')).toBeUndefined();
    expect(mirror.item('600')).toBeDefined();
    expect(mirror.size).toBe(1);
  });

  it('keeps what it holds when the desk does not answer, and asks again from the same version', async () => {
    const desk = scripted(
      page({ full: true, version: 3, goods: [item('100')] }),
      new Error('the cash desk does not answer'),
      page({ version: 4, goods: [item('100', '2.00')] }),
    );
    const mirror = new CatalogMirror(() => desk.source);
    await mirror.sync();
    await mirror.sync();
    expect(mirror.item('100')?.price).toBe('10.00');
    await mirror.sync();
    expect(desk.asked[2]).toEqual({ epoch: 'E1', since: 3, limit: 2000 });
    expect(mirror.item('100')?.price).toBe('2.00');
  });

  it('runs one pass at a time: calls meanwhile make one more pass after it', async () => {
    const desk = scripted(page({ full: true, goods: [item('100')] }), page({ version: 2 }));
    const mirror = new CatalogMirror(() => desk.source);
    const first = mirror.sync();
    void mirror.sync();
    void mirror.sync();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    await mirror.sync();
    expect(desk.asked).toHaveLength(3);
  });
});
