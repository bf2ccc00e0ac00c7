/**
 * The catalogue a till keeps so any product sells while the service cannot be reached: goods with
 * prices, barcodes, weighted goods' PLUs and discount cards (debt limit and bonus as last known),
 * in SQLite so it survives a restart, and in memory for lookups and name search. It answers
 * pos.find_code by the back office's own rules (shared/catalog/find-code-rules.ts), and
 * searches names fast enough to show results while the cashier types (bench:ui, part C).
 */

import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { DEFAULT_CARD_PREFIXES, DEFAULT_WEIGHT_PREFIXES } from '../../../shared/barcodes/ean.js';
import {
  type CatalogItem,
  type CatalogQuery,
  type CatalogState,
  MIRROR_PAGE_MAX,
  type MirrorItem,
  type MirrorPage,
  type MirrorQuery,
} from '../../../shared/bridge/api.js';
import { type CodeLookup, type CodePrefixes, foundRows, matchCode } from '../../../shared/catalog/find-code-rules.js';
import type { ResultRowOf, RpcResult } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { migrate } from '../../../shared-node/sqlite/migrate.js';
import { catalogCopyMigrations } from './schema.js';

export type ChangeRow = ResultRowOf<typeof op.goods.catalogChanges>;

interface CardEntry {
  readonly card: string;
  readonly holder: string;
  readonly debt: string;
  readonly debtLimit: string;
  readonly bonus: string;
  readonly discountPercent: string;
}

/** A product as search walks it: its name folded for matching, in the order results are shown. */
interface Searchable {
  readonly item: CatalogItem;
  readonly folded: string;
}

const fold = (s: string): string => s.toLocaleLowerCase('uk').replaceAll('ё', 'е');
const collator = new Intl.Collator('uk');

type StoredCard = Pick<
  Extract<ChangeRow, { tag: 'CARD' }>,
  'card' | 'holder' | 'discount_percent' | 'debt' | 'debt_limit' | 'bonus'
>;

const cardEntry = (r: StoredCard): CardEntry => ({
  card: r.card,
  holder: r.holder,
  debt: r.debt,
  debtLimit: r.debt_limit,
  bonus: r.bonus,
  discountPercent: r.discount_percent,
});

export class LocalCatalog {
  private readonly db: Database.Database;
  private readonly items = new Map<string, CatalogItem>();
  private readonly byPlu = new Map<string, string>();
  private readonly codes = new Map<string, string>();
  /** A product's extra codes (the reverse of `codes`), for the page's mirror. */
  private readonly extraOf = new Map<string, Set<string>>();
  private readonly cards = new Map<string, CardEntry>();
  private readonly settings = new Map<string, string>();
  private sorted: Searchable[] | undefined;
  /**
   * What the page's mirror needs (mirror()): this copy's identity, renewed whenever what a page
   * may hold of it is no longer valid (a restart, a reset), its version, one more with each page
   * of changes that touches goods, and the version each product last changed at.
   */
  private epoch = randomUUID();
  private version = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly stmt;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // A copy that can be read again: no fsync wait on a till's disk for it.
    this.db.pragma('synchronous = NORMAL');
    migrate(this.db, catalogCopyMigrations);
    this.stmt = {
      putGoods: this.db.prepare(
        `INSERT OR REPLACE INTO goods (code, name, unit, price, weighted, plu, excise, age_limit, stock)
         VALUES (@code, @name, @unit, @price, @weighted, @plu, @excise, @ageLimit, @stock)`,
      ),
      dropGoods: this.db.prepare('DELETE FROM goods WHERE code = ?'),
      putCode: this.db.prepare('INSERT OR REPLACE INTO codes (extra_code, code) VALUES (?, ?)'),
      dropCode: this.db.prepare('DELETE FROM codes WHERE extra_code = ?'),
      putCard: this.db.prepare(
        `INSERT OR REPLACE INTO cards (card, holder, discount_percent, debt, debt_limit, bonus)
         VALUES (@card, @holder, @discount_percent, @debt, @debt_limit, @bonus)`,
      ),
      dropCard: this.db.prepare('DELETE FROM cards WHERE card = ?'),
      putSetting: this.db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)'),
      dropSetting: this.db.prepare('DELETE FROM settings WHERE key = ?'),
      putMeta: this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      meta: this.db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
      goodsAfter: this.db.prepare<[string, number], { code: string }>(
        'SELECT code FROM goods WHERE code > ? ORDER BY code LIMIT ?',
      ),
    };
    this.load();
  }

  /** Whose copy this is: a copy of another service is thrown away before a new one is read. */
  get service(): string | undefined {
    return this.stmt.meta.get('service');
  }

  get cursor(): number {
    return Number(this.stmt.meta.get('cursor') ?? 0);
  }

  state(): CatalogState {
    return { syncedAt: this.stmt.meta.get('synced_at') ?? null, goods: this.items.size, cards: this.cards.size };
  }

  /** Empties the copy and marks it as the (empty) copy of `service`. */
  reset(service: string): void {
    this.db.transaction(() => {
      for (const table of ['goods', 'codes', 'cards', 'settings', 'meta']) this.db.exec(`DELETE FROM ${table}`);
      this.stmt.putMeta.run('service', service);
      this.stmt.putMeta.run('cursor', '0');
    })();
    this.items.clear();
    this.byPlu.clear();
    this.codes.clear();
    this.extraOf.clear();
    this.epoch = randomUUID();
    this.version = 0;
    this.changedAt.clear();
    this.cards.clear();
    this.settings.clear();
    this.sorted = undefined;
  }

  /**
   * Applies one page of changes and the cursor after it, in one transaction. Returns the goods'
   * version when the page changed goods or their codes (what the page's mirror holds), else null.
   */
  apply(rows: readonly ChangeRow[], cursor: number, complete: boolean, at: Date): number | null {
    const touched = rows.some((r) => r.tag === 'GOODS' || r.tag === 'CODE');
    if (touched) this.version++;
    this.db.transaction(() => {
      for (const r of rows) this.applyRow(r);
      this.stmt.putMeta.run('cursor', String(cursor));
      if (complete) this.stmt.putMeta.run('synced_at', at.toISOString());
    })();
    if (rows.some((r) => r.tag === 'GOODS')) this.sorted = undefined;
    return touched ? this.version : null;
  }

  /**
   * The goods a page's mirror lacks: every product when it holds another copy (or none), else
   * those changed since its version, in code order, a page at a time. A pass over the pages may
   * meet changes made meanwhile: the page keeps the first page's version, so they come again.
   */
  mirror(q: MirrorQuery): MirrorPage {
    const limit = Math.min(q.limit ?? MIRROR_PAGE_MAX, MIRROR_PAGE_MAX);
    const after = q.after ?? '';
    const full = q.epoch !== this.epoch;
    let codes: string[];
    if (full) {
      codes = this.stmt.goodsAfter.all(after, limit + 1).map((r) => r.code);
    } else {
      codes = [];
      for (const [code, at] of this.changedAt) if (at > q.since && code > after) codes.push(code);
      codes.sort();
      codes = codes.slice(0, limit + 1);
    }
    const more = codes.length > limit;
    const page = codes.slice(0, limit);
    const goods: MirrorItem[] = [];
    const removed: string[] = [];
    for (const code of page) {
      const item = this.items.get(code);
      if (item) goods.push({ ...item, codes: [...(this.extraOf.get(code) ?? [])] });
      else removed.push(code);
    }
    return { epoch: this.epoch, version: this.version, full, goods, removed, next: more ? (page.at(-1) ?? null) : null };
  }

  /** The copy is current as of `at` (nothing had changed since the last page). */
  touch(at: Date): void {
    this.stmt.putMeta.run('synced_at', at.toISOString());
  }

  setting(key: string): string | undefined {
    return this.settings.get(key);
  }

  item(code: string): CatalogItem | undefined {
    return this.items.get(code) ?? this.items.get(this.codes.get(code) ?? '');
  }

  /** What pos.find_code would answer, from the copy; undefined when the copy has never been read. */
  findCode(code: string, prefixes: CodePrefixes = DEFAULTS): RpcResult | undefined {
    if (this.state().syncedAt === null && this.items.size === 0) return undefined;
    const lookup: CodeLookup<CatalogItem, CardEntry> = {
      product: (c) => this.items.get(c),
      productByExtraCode: (c) => this.items.get(this.codes.get(c) ?? ''),
      productByPlu: (plu) => this.items.get(this.byPlu.get(plu) ?? ''),
      card: (c) => this.cards.get(c),
    };
    const rows = foundRows(
      matchCode(code, prefixes, lookup),
      (item) => ({
        code: item.code,
        name: item.name,
        price: item.price,
        unit_type: item.unit,
        excise_input: item.excise ? '1' : '0',
      }),
      (c) => ({
        card: c.card,
        holder: c.holder,
        debt: c.debt,
        debt_limit: c.debtLimit,
        bonus: c.bonus,
        discount_percent: c.discountPercent,
      }),
    );
    return {
      upstream: { name: 'till catalogue copy', version: '', resource: 'pos' },
      status: { code: 'OK', operation: 'find_code', value: String(rows.length) },
      rows,
    };
  }

  /**
   * Goods whose name has every word typed (any order, any case), names that start with the first
   * word first, each part in name order; a query of digits also matches the start of a code.
   */
  search(q: CatalogQuery): CatalogItem[] {
    const limit = q.limit ?? 30;
    const words = fold(q.text)
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0 && !q.weighted) return [];
    const digits = /^\d+$/.test(q.text.trim()) ? q.text.trim() : undefined;
    const [first = ''] = words;
    const leading: CatalogItem[] = [];
    const inner: CatalogItem[] = [];
    for (const s of this.searchable()) {
      if (q.weighted && !s.item.weighted) continue;
      const byCode = digits !== undefined && s.item.code.startsWith(digits);
      if (!byCode && !words.every((w) => s.folded.includes(w))) continue;
      if (byCode || s.folded.startsWith(first)) leading.push(s.item);
      else if (inner.length < limit) inner.push(s.item);
      if (leading.length >= limit) break;
    }
    return [...leading, ...inner].slice(0, limit);
  }

  close(): void {
    this.db.close();
  }

  private searchable(): Searchable[] {
    this.sorted ??= [...this.items.values()]
      .map((item) => ({ item, folded: fold(item.name) }))
      .sort((a, b) => collator.compare(a.item.name, b.item.name));
    return this.sorted;
  }

  private applyRow(r: ChangeRow): void {
    switch (r.tag) {
      case 'GOODS': {
        const old = this.items.get(r.code);
        if (old?.plu) this.byPlu.delete(old.plu);
        this.changedAt.set(r.code, this.version);
        if (r.deleted === '1') {
          this.stmt.dropGoods.run(r.code);
          this.items.delete(r.code);
          return;
        }
        const item: CatalogItem = {
          code: r.code,
          name: r.name,
          unit: r.unit_type,
          price: r.price,
          weighted: r.weighted === '1',
          plu: r.plu,
          excise: r.excise_input === '1',
          ageLimit: Number(r.age_limit),
          stock: r.stock,
        };
        this.stmt.putGoods.run({ ...item, weighted: item.weighted ? 1 : 0, excise: item.excise ? 1 : 0 });
        this.remember(item);
        return;
      }
      case 'CODE': {
        // The product it belonged to, and the one it belongs to now, both change for the mirror.
        const before = this.codes.get(r.extra_code);
        if (before !== undefined) {
          this.extraOf.get(before)?.delete(r.extra_code);
          this.changedAt.set(before, this.version);
        }
        if (r.deleted === '1') {
          this.stmt.dropCode.run(r.extra_code);
          this.codes.delete(r.extra_code);
        } else {
          this.stmt.putCode.run(r.extra_code, r.code);
          this.rememberCode(r.extra_code, r.code);
          this.changedAt.set(r.code, this.version);
        }
        return;
      }
      case 'CARD':
        if (r.deleted === '1') {
          this.stmt.dropCard.run(r.card);
          this.cards.delete(r.card);
        } else {
          this.stmt.putCard.run(r);
          this.cards.set(r.card, cardEntry(r));
        }
        return;
      case 'SETTING':
        if (r.deleted === '1') {
          this.stmt.dropSetting.run(r.key);
          this.settings.delete(r.key);
        } else {
          this.stmt.putSetting.run(r.key, r.value);
          this.settings.set(r.key, r.value);
        }
        return;
      case 'END':
        return;
    }
  }

  private rememberCode(extra: string, code: string): void {
    this.codes.set(extra, code);
    const set = this.extraOf.get(code) ?? new Set<string>();
    set.add(extra);
    this.extraOf.set(code, set);
  }

  private remember(item: CatalogItem): void {
    this.items.set(item.code, item);
    if (item.plu) this.byPlu.set(item.plu, item.code);
  }

  private load(): void {
    type GoodsRow = Omit<CatalogItem, 'weighted' | 'excise' | 'ageLimit'> & {
      weighted: number;
      excise: number;
      age_limit: number;
    };
    for (const g of this.db.prepare('SELECT * FROM goods').all() as GoodsRow[]) {
      this.remember({ ...g, weighted: g.weighted === 1, excise: g.excise === 1, ageLimit: g.age_limit });
    }
    for (const x of this.db.prepare('SELECT extra_code, code FROM codes').all() as { extra_code: string; code: string }[]) {
      this.rememberCode(x.extra_code, x.code);
    }
    for (const k of this.db.prepare('SELECT * FROM cards').all() as StoredCard[]) {
      this.cards.set(k.card, cardEntry(k));
    }
    for (const s of this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[]) {
      this.settings.set(s.key, s.value);
    }
  }
}

const DEFAULTS = { weight: DEFAULT_WEIGHT_PREFIXES, card: DEFAULT_CARD_PREFIXES };
