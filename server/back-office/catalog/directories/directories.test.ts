import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
});
afterEach(() => t.close());

describe('catalog.contrag', () => {
  it('creates, updates and deletes a counterparty by the key its save returned', () => {
    const created = call('catalog.contrag.save', { nt: 'ТОВ "Молочний світ"', rekv: 'ЄДРПОУ 12345678\nм. Київ' });
    expect(created.status).toEqual({ catalog: 'contrag', affected: '1', key: '1' });
    const key = created.status?.key as string;
    expect(call('pos.template_contractor_rekv', { nt: 'ТОВ "Молочний світ"' }).rows).toEqual([
      { details: 'ЄДРПОУ 12345678\nм. Київ' },
    ]);
    expect(call('catalog.contrag.save', { key, nt: 'ТОВ "Молочний світ плюс"' }).status).toEqual({
      catalog: 'contrag',
      affected: '1',
      key,
    });
    // Omitted requisites are kept.
    expect(call('pos.template_contractor_rekv', { nt: 'ТОВ "Молочний світ плюс"' }).rows).toEqual([
      { details: 'ЄДРПОУ 12345678\nм. Київ' },
    ]);
    call('catalog.contrag.save', { nt: 'ФОП Коваленко' });
    expect(call('pos.template_contractors', {}).rows).toEqual([{ name: 'ТОВ "Молочний світ плюс"' }, { name: 'ФОП Коваленко' }]);
    expect(call('catalog.contrag.delete', { key }).status).toEqual({ catalog: 'contrag', affected: '1' });
    expect(call('pos.template_contractors', {}).rows).toEqual([{ name: 'ФОП Коваленко' }]);
  });

  it('never reuses the key of a deleted record', () => {
    const first = call('catalog.contrag.save', { nt: 'А' }).status?.key as string;
    call('catalog.contrag.delete', { key: first });
    expect(call('catalog.contrag.save', { nt: 'Б' }).status?.key).not.toBe(first);
  });

  it('refuses unknown keys and a second counterparty of the same name', () => {
    expect(() => call('catalog.contrag.delete', { key: '77' })).toThrow('no counterparty with key 77');
    expect(() => call('catalog.contrag.delete', { key: 'abc' })).toThrow('no counterparty with key abc');
    expect(() => call('catalog.contrag.save', { key: '77', nt: 'X' })).toThrow('no counterparty with key 77');
    call('catalog.contrag.save', { nt: 'ФОП Коваленко' });
    expect(() => call('catalog.contrag.save', { nt: 'ФОП Коваленко' })).toThrow(
      'a counterparty named ФОП Коваленко already exists (key 1)',
    );
  });
});

describe('catalog.discount_actions', () => {
  it('round-trips an action for one product', () => {
    addProduct(t.db, { code: '4820000000011' });
    const key = call('catalog.discount_actions.save', {
      uin: 12,
      disc: '15',
      action_type: 1,
      dfr: '2025-03-01',
      dto: '2025-03-31',
      code: '4820000000011',
      nt: 'Весняна знижка',
    }).status?.key as string;
    expect(t.db.prepare('SELECT uin, name, code, disc, action_type, date_from, date_to FROM discount_actions').all()).toEqual([
      {
        uin: 12,
        name: 'Весняна знижка',
        code: '4820000000011',
        disc: 150000,
        action_type: 1,
        date_from: '2025-03-01',
        date_to: '2025-03-31',
      },
    ]);
    call('catalog.discount_actions.save', { key, uin: 12, disc: '12.5', action_type: 0, dfr: '2025-03-01', dto: '2025-04-15' });
    expect(t.db.prepare('SELECT disc, code, date_to FROM discount_actions').get()).toEqual({
      disc: 125000,
      code: '',
      date_to: '2025-04-15',
    });
    expect(call('catalog.discount_actions.delete', { key }).status).toEqual({ catalog: 'discount_actions', affected: '1' });
    expect(() => call('catalog.discount_actions.delete', { key })).toThrow(`no discount action with key ${key}`);
  });

  it('refuses a period that ends before it starts, an impossible percent and an unknown product', () => {
    const base = { uin: 1, disc: '10', action_type: 0, dfr: '2025-03-10', dto: '2025-03-20' };
    expect(() => call('catalog.discount_actions.save', { ...base, dto: '2025-03-01' })).toThrow(
      'ends (2025-03-01) before it starts',
    );
    expect(() => call('catalog.discount_actions.save', { ...base, disc: '120' })).toThrow('at most 100 percent');
    expect(() => call('catalog.discount_actions.save', { ...base, action_type: 5 })).toThrow('action_type is 0');
    expect(() => call('catalog.discount_actions.save', { ...base, code: '1' })).toThrow('product 1 not found');
  });
});

describe('caption settings', () => {
  it('round-trips translate_zap, keeping the width when it is omitted', () => {
    const key = call('catalog.translate_zap.save', { fld: 'price', rus: 'Цена', ukr: 'Ціна', width: 80 }).status?.key as string;
    call('catalog.translate_zap.save', { key, fld: 'price', rus: 'Цена продажи', ukr: 'Ціна продажу' });
    expect(t.db.prepare('SELECT fld, rus, ukr, width FROM translate_zap').all()).toEqual([
      { fld: 'price', rus: 'Цена продажи', ukr: 'Ціна продажу', width: 80 },
    ]);
    expect(() => call('catalog.translate_zap.save', { fld: 'price', rus: 'x', ukr: 'x' })).toThrow(
      `field price already has a caption (key ${key})`,
    );
    expect(call('catalog.translate_zap.delete', { key }).status).toEqual({ catalog: 'translate_zap', affected: '1' });
  });

  it('round-trips translate_kupm', () => {
    const saved = call('catalog.translate_kupm.save', { fld: 'name', rus: 'Наименование', ukr: 'Найменування' });
    expect(saved.status).toEqual({ catalog: 'translate_kupm', affected: '1', key: '1' });
    call('catalog.translate_kupm.save', { key: '1', fld: 'name', rus: 'Название', ukr: 'Назва' });
    expect(t.db.prepare('SELECT fld, rus, ukr FROM translate_kupm').all()).toEqual([
      { fld: 'name', rus: 'Название', ukr: 'Назва' },
    ]);
    expect(call('catalog.translate_kupm.delete', { key: '1' }).status).toEqual({ catalog: 'translate_kupm', affected: '1' });
    expect(() => call('catalog.translate_kupm.delete', { key: '1' })).toThrow('no caption setting with key 1');
  });
});

describe('catalog.users', () => {
  it('round-trips a user, keeping omitted members on update', () => {
    t.db.prepare("INSERT INTO cash_boxes (akas, name) VALUES ('KAS1', 'Каса 1')").run();
    t.db.prepare("INSERT INTO tills (kasm, name, akas) VALUES (1, 'Каса 1', 'KAS1')").run();
    const key = call('catalog.users.save', {
      nt: 'Ткаченко Марія',
      card: '1001',
      level: '1',
      kf: '1,5',
      kasx: 1,
      typex: 'касир',
      tel: '+380 67 123 45 67',
    }).status?.key as string;
    call('catalog.users.save', { key, nt: 'Ткаченко Марія Іванівна', card: '1001', level: '2' });
    expect(t.db.prepare('SELECT name, card, level, kf, kasx, typex, tel FROM users').all()).toEqual([
      {
        name: 'Ткаченко Марія Іванівна',
        card: '1001',
        level: '2',
        kf: 1500000,
        kasx: 1,
        typex: 'касир',
        tel: '+380 67 123 45 67',
      },
    ]);
    expect(call('catalog.users.delete', { key }).status).toEqual({ catalog: 'users', affected: '1' });
  });

  it('stores a negative bonus coefficient, which the spec allows (an optional minus)', () => {
    const key = call('catalog.users.save', { nt: 'Коваль Олег', card: '1004', level: '1', kf: '-0,5' }).status?.key as string;
    expect(t.db.prepare('SELECT kf FROM users WHERE id = ?').get(Number(key))).toEqual({ kf: -500000 });
    call('catalog.users.save', { key, nt: 'Коваль Олег', card: '1004', level: '1', kf: '-2' });
    expect(t.db.prepare('SELECT kf FROM users WHERE id = ?').get(Number(key))).toEqual({ kf: -2000000 });
  });

  it('refuses a card that belongs to someone else and a till that does not exist', () => {
    call('catalog.users.save', { nt: 'Петренко Іван', card: '1002', level: '1' });
    expect(() => call('catalog.users.save', { nt: 'Інший', card: '1002', level: '1' })).toThrow(
      'card 1002 already belongs to Петренко Іван',
    );
    expect(() => call('catalog.users.save', { nt: 'Інший', card: '1003', level: '1', kasx: 9 })).toThrow('till 9 does not exist');
  });
});
