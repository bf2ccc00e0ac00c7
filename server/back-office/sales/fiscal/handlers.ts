/** Fiscal settings: the seller, the registers, tax rates and goods' letters, cash rounding, limits. */
import { lostInCp1251 } from '../../../../shared/fiscal/cp1251.js';
import { formatSteps } from '../../../../shared/fiscal/rounding.js';
import { refuse } from '../../../upstream/upstream.js';
import { DEFAULT_MANAGER_LEVEL } from '../../catalog/users/pins/pins.js';
import { dec, fmt, fromDb, toDb, toKopecks } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { findTill } from '../kernel/cash/tills.js';
import { fiscalSql } from '../kernel/fiscal/statements.js';
import { momentOf } from '../kernel/moment.js';
import { returnManagerLimit } from '../kernel/people/confirmations.js';
import { registerOf } from '../kernel/register/chain.js';
import { markDispatchDue } from '../kernel/register/dispatch-due.js';
import { shiftSql } from '../kernel/shifts/statements.js';

type FiscalSettingsOps =
  | 'settings.fiscal_settings'
  | 'settings.fiscal_identity_save'
  | 'settings.fiscal_register_save'
  | 'settings.tax_rate_save'
  | 'settings.goods_tax_letters_save'
  | 'settings.cash_rounding_save'
  | 'settings.fiscal_limits_save';

/** TIN as the DPS schema takes it (DGDrfo): 5–10 digits, or a passport: 2 Ukrainian capitals and 6 digits. */
const TIN = /^([0-9]{5,10}|[АБВГДЕЄЖЗИІКЛМНОПРСТУФХЦЧШЩЮЯ]{2}[0-9]{6})$/;
/** IPN (DGHIPN0): 6 to 12 digits. */
const IPN = /^[0-9]{6,12}$/;
const LIMITS = [
  'shift_max_hours',
  'offline_session_hours',
  'offline_month_hours',
  'offline_warn_session_hours_left',
  'offline_warn_month_hours_left',
] as const;

export const fiscalSettingsHandlers: HandlerGroup<FiscalSettingsOps> = {
  'settings.fiscal_settings': (_p, { db }) => {
    const sql = fiscalSql(db);
    const seller = sql.seller.get();
    return {
      rows: [
        ...(seller
          ? [
              {
                tag: 'SELLER',
                tin: seller.tin,
                ipn: seller.ipn,
                vat_payer: String(seller.vat_payer),
                org_name: seller.org_name,
                point_name: seller.point_name,
                point_addr: seller.point_addr,
                testing: String(seller.testing),
              },
            ]
          : []),
        ...sql.registerTills.all().map((t) => {
          const reg = registerOf(db, t.numprro);
          return {
            tag: 'REGISTER',
            kasm: String(t.kasm),
            numprro: t.numprro,
            local_number: String(t.register_local_number > 0 ? t.register_local_number : t.kasm),
            mode: reg.mode,
            offline_session_id: String(reg.offline_session_id),
          };
        }),
        ...sql.rates.all().map((r) => ({
          tag: 'TAX',
          letter: r.letter,
          type: String(r.type),
          name: r.name,
          prc: fmt(fromDb(r.prc, 'pct'), 'pct'),
        })),
        ...sql.steps.all().map((s) => ({ tag: 'ROUNDING', effective_from: s.effective_from, step: fmt(fromDb(s.step, 'cur')) })),
        ...['default_tax_letters', ...LIMITS].map((name) => ({ tag: 'LIMIT', name, value: sql.setting.get(name) ?? '' })),
        // The people's limits, with the defaults the back office applies when the shop never set them.
        { tag: 'LIMIT', name: 'return_manager_limit', value: returnManagerLimit(db) },
        { tag: 'LIMIT', name: 'manager_level', value: sql.setting.get('manager_level') ?? String(DEFAULT_MANAGER_LEVEL) },
      ],
    };
  },

  'settings.fiscal_identity_save': (p, ctx) => {
    if (!TIN.test(p.tin)) throw refuse('params.tin', 'fiscal.tin_format', { tin: p.tin });
    if (p.vat_payer && !IPN.test(p.ipn)) throw refuse('params.ipn', 'fiscal.ipn_required');
    // The seller heads every document: a name it could only print as "?" is refused, not saved.
    for (const field of ['org_name', 'point_name', 'point_addr'] as const) {
      const lost = lostInCp1251(p[field]);
      if (lost.length > 0) throw refuse(`params.${field}`, 'fiscal.unwritable', { field, chars: lost.slice(0, 5).join(' ') });
    }
    // Documents of one shift name one seller: the tax server refuses a change in the middle.
    const open = shiftSql(ctx.db).anyOpen.get();
    if (open !== undefined) throw refuse('params.tin', 'fiscal.seller_shift_open', { kasm: open });
    fiscalSql(ctx.db).saveSeller.run({
      tin: p.tin,
      ipn: p.vat_payer ? p.ipn : '',
      vat_payer: p.vat_payer ? 1 : 0,
      org_name: p.org_name,
      point_name: p.point_name,
      point_addr: p.point_addr,
      testing: p.testing ? 1 : 0,
      updated_at: momentOf(ctx).iso,
    });
    return { status: { affected: '1' } };
  },

  'settings.fiscal_register_save': (p, ctx) => {
    const sql = fiscalSql(ctx.db);
    const till = findTill(ctx.db, p.kasm, 'params.kasm');
    if (p.numprro !== '' && !/^\d{1,20}$/.test(p.numprro))
      throw refuse('params.numprro', 'fiscal.numprro_format', { numprro: p.numprro });
    const other = p.numprro === '' ? undefined : sql.tillOfRegister.get(p.numprro, p.kasm);
    if (other !== undefined) throw refuse('params.numprro', 'fiscal.numprro_taken', { numprro: p.numprro, kasm: other });
    // A register cannot change under an open shift: its documents would belong to two registers.
    if (till.numprro !== p.numprro && shiftSql(ctx.db).open.get(p.kasm)) {
      throw refuse('params.numprro', 'fiscal.register_shift_open', { kasm: p.kasm });
    }
    sql.saveRegister.run(p.numprro, p.local_number, p.kasm);
    // A register given to a till: what its chain holds unsent is the dispatcher's again.
    if (till.numprro !== p.numprro) markDispatchDue(ctx.db);
    return { status: { affected: '1' } };
  },

  'settings.tax_rate_save': (p, ctx) => {
    const sql = fiscalSql(ctx.db);
    if (p.delete) {
      const used = sql.goodsUsingLetter.get(p.letter) ?? 0;
      if (used > 0 || sql.setting.get('default_tax_letters')?.includes(p.letter)) {
        throw refuse('params.letter', 'tax.letter_in_use', { letter: p.letter, goods: used });
      }
      sql.deleteRate.run(p.letter);
      return { status: { affected: '1' } };
    }
    sql.saveRate.run({ letter: p.letter, type: p.type, name: p.name, prc: toDb(p.prc, 'pct') });
    return { status: { affected: '1' } };
  },

  'settings.goods_tax_letters_save': (p, ctx) => {
    const sql = fiscalSql(ctx.db);
    if (!sql.goodsLetters.get(p.code)) throw refuse('params.code', 'goods.unknown', { code: p.code });
    const rates = new Set(sql.rates.all().map((r) => r.letter));
    for (const letter of p.letters)
      if (!rates.has(letter)) throw refuse('params.letters', 'tax.letter_unknown', { code: p.code, letter });
    sql.setGoodsLetters.run(p.letters, p.code);
    return { status: { affected: '1' } };
  },

  'settings.cash_rounding_save': (p, ctx) => {
    const sql = fiscalSql(ctx.db);
    if (p.delete) sql.deleteStep.run(p.effective_from);
    else sql.saveStep.run(p.effective_from, toDb(p.step, 'cur'));
    // The tills round as the back office does: they get the steps with their catalogue.
    const steps = sql.steps.all().map((s) => ({ from: s.effective_from, kopecks: Math.round(s.step / 100) }));
    sql.saveSetting.run('cash_rounding_steps', formatSteps(steps));
    return { status: { affected: '1' } };
  },

  'settings.fiscal_limits_save': (p, ctx) => {
    const sql = fiscalSql(ctx.db);
    let affected = 0;
    for (const name of LIMITS) {
      const v = p[name];
      if (v === undefined) continue;
      sql.saveSetting.run(name, String(v));
      affected++;
    }
    if (p.return_manager_limit !== undefined) {
      // Stored as the money it is, with two decimals, as the default is.
      sql.saveSetting.run('return_manager_limit', toKopecks(dec(p.return_manager_limit)).toFixed(2));
      affected++;
    }
    if (p.manager_level !== undefined) {
      sql.saveSetting.run('manager_level', String(p.manager_level));
      affected++;
    }
    return { status: { affected: String(affected) } };
  },
};
