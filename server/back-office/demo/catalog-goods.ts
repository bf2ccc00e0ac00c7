/** The demo's product cards and what hangs off them: extra codes and values, sets, pictures. */

import { withCheckDigit } from '../../../shared/barcodes/ean.js';
import type { Db } from '../../../shared-node/sql/db.js';
import { markupOf } from '../catalog/nakl/pricing.js';
import { EXTRA_FIELDS, FAMILIES, type Family, STORAGE_NOTES, SUPPLIERS } from './catalog-data.js';
import { seedSql } from './catalog-statements.js';
import type { Prng } from './prng.js';

export interface SeededProduct {
  readonly code: string;
  readonly family: Family;
  readonly brand: string;
  /** Unit cost and sale price, ×10^4 as stored. */
  readonly cost: number;
  readonly price: number;
}

/** Kopecks to the stored ×10^4. */
const kop = (k: number) => k * 100;

/** Sale prices end in a round ten kopecks, as shop prices do. */
const salePrice = (costKop: number, markupPct: number) => Math.ceil((costKop * (100 + markupPct)) / 1000) * 10;

/** Picks a family in proportion to its share of the catalogue. */
function familyPicker(rnd: Prng): () => Family {
  const total = FAMILIES.reduce((s, f) => s + f.share, 0);
  return () => {
    let n = rnd.int(1, total);
    for (const f of FAMILIES) {
      n -= f.share;
      if (n <= 0) return f;
    }
    return FAMILIES[0] as Family;
  };
}

export function seedGoods(db: Db, rnd: Prng, count: number, day: (daysAgo: number) => string): SeededProduct[] {
  const s = seedSql(db);
  const pickFamily = familyPicker(rnd);
  // Every brand is a "manufacturer" with its own block of codes under the Ukrainian 482 prefix.
  const makers = new Map<string, { id: number; next: number }>();
  const codeFor = (brand: string) => {
    let m = makers.get(brand);
    if (!m) {
      m = { id: 1001 + makers.size, next: 1 };
      makers.set(brand, m);
    }
    return withCheckDigit(`482${m.id}${String(m.next++).padStart(5, '0')}`);
  };
  let plu = 0;
  let nextArt = 1;
  const sets = count >= 100 ? Math.min(8, Math.floor(count / 100)) : 0;
  const out: SeededProduct[] = [];
  for (let i = 0; i < count - sets; i++) {
    const f = pickFamily();
    const brand = rnd.pick(f.brands);
    const base = rnd.pick(f.names);
    const costKop = rnd.int(f.cost[0], f.cost[1]);
    const priceKop = salePrice(costKop, f.excise ? rnd.int(12, 25) : rnd.int(18, 45));
    // Articles for a part of the range with a few gaps left, so make_art has work.
    let article: string | null = null;
    if (i % 3 === 0 && nextArt <= 900) {
      article = String(nextArt).padStart(3, '0');
      nextArt += rnd.chance(10) ? 2 : 1;
    }
    const code = codeFor(brand);
    s.goods.run({
      code,
      name: f.weighted ? `${base} ${brand}` : `${base} ${brand} ${rnd.pick(f.sizes)}`,
      unit_type: f.unit,
      supplier: SUPPLIERS[f.supplier]?.name ?? '',
      category: f.category,
      parent_category: f.parent,
      category_id: f.categoryId,
      shelf_life_days: f.shelfLifeDays,
      // The tax group letter printed beside a receipt line: А is VAT 20 %, Д VAT 20 % with excise 5 %.
      c2: f.excise ? 'Д' : 'А',
      additional_info: f.shelfLifeDays > 0 && f.shelfLifeDays < 60 ? (STORAGE_NOTES[0] as string) : '',
      in_cloud: rnd.chance(30) ? 1 : 0,
      no_discount: f.noDiscount ? 1 : 0,
      cost: kop(costKop),
      price: kop(priceKop),
      markup: markupOf(kop(priceKop), kop(costKop)),
      critical_quantity: f.weighted ? 2000 : rnd.int(3, 12) * 1000,
      date_added: day(rnd.int(30, 400)),
      weighted: f.weighted ? 1 : 0,
      plu: f.weighted ? String(++plu) : null,
      excise_input: f.excise ? 1 : 0,
      uktzed: f.uktzed,
      description: rnd.chance(10) ? `${f.category}. ${base}, ${brand}.` : '',
      art: article,
      // Alcohol (beer too, which carries no stamp) and tobacco are sold to adults only.
      age_limit: f.parent === 'Алкоголь' || f.parent === 'Тютюн' ? 18 : 0,
    });
    out.push({ code, family: f, brand, cost: kop(costKop), price: kop(priceKop) });
  }
  seedSets(db, rnd, out, sets, day);
  return out;
}

/** Gift sets made of other goods: the composition shape of a card. */
function seedSets(db: Db, rnd: Prng, goods: SeededProduct[], sets: number, day: (daysAgo: number) => string): void {
  const s = seedSql(db);
  const names = ['Подарунковий набір "Свято"', 'Набір до пива', 'Кошик "Сніданок"', 'Набір "Кавова перерва"'];
  for (let i = 0; i < sets; i++) {
    const parts = [rnd.pick(goods), rnd.pick(goods), rnd.pick(goods)].filter(
      (p, j, all) => all.findIndex((q) => q.code === p.code) === j,
    );
    const cost = parts.reduce((sum, p) => sum + p.cost, 0);
    const price = Math.ceil((cost * 130) / 100_000) * 1000;
    const code = withCheckDigit(`4829999${String(i + 1).padStart(5, '0')}`);
    s.goods.run({
      code,
      name: `${names[i % names.length]} №${i + 1}`,
      unit_type: 'шт',
      supplier: '',
      category: 'Набори',
      parent_category: 'Подарунки',
      category_id: '11.01',
      shelf_life_days: 30,
      c2: 'А',
      additional_info: '',
      in_cloud: 0,
      no_discount: 0,
      cost,
      price,
      markup: markupOf(price, cost),
      critical_quantity: 0,
      date_added: day(20),
      weighted: 0,
      plu: null,
      excise_input: parts.some((p) => p.family.excise) ? 1 : 0,
      uktzed: '',
      description: `Набір: ${parts.length} товари`,
      art: null,
      age_limit: parts.some((p) => p.family.parent === 'Алкоголь' || p.family.parent === 'Тютюн') ? 18 : 0,
    });
    for (const p of parts) s.component.run(code, p.code, p.family.weighted ? 300 : 1000);
  }
}

/** Extra codes, extra values, pictures and a few renamed cards. */
export function seedCardDetails(db: Db, rnd: Prng, goods: readonly SeededProduct[], at: (daysAgo: number) => string): void {
  const s = seedSql(db);
  EXTRA_FIELDS.forEach((name, i) => {
    s.extraField.run(name, i + 1);
  });
  let foreign = 0;
  for (const p of goods) {
    // A second barcode: the same product imported under a Polish code.
    if (rnd.chance(4)) s.extraCode.run(withCheckDigit(`590${String(++foreign).padStart(9, '0')}`), p.code);
    if (rnd.chance(40)) s.extraValue.run(p.code, 'Країна', p.family.country ?? 'Україна');
    if (rnd.chance(30)) s.extraValue.run(p.code, 'Бренд', p.brand);
    if (p.family.shelfLifeDays > 0 && p.family.shelfLifeDays < 60 && rnd.chance(50)) {
      s.extraValue.run(p.code, 'Умови зберігання', rnd.pick(STORAGE_NOTES));
    }
    if (rnd.chance(10)) s.picture.run(p.code, `img/${p.family.categoryId}`, `${p.code}.jpg`);
    if (rnd.chance(1)) s.oldName.run(p.code, `${rnd.pick(p.family.names)} (стара назва)`, at(15), 'Мельник А. П.');
  }
}
