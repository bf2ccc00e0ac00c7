/** Reads of print templates. */
import type { Handler } from '../../handlers.js';
import { templateSql } from './statements.js';

/** No prefix: the ordinary receipt's parts; `prro_`: the fiscal registrar's set. */
export const templateGetParts: Handler<'pos.template_get_parts'> = ({ prefix }, { db }) => {
  const t = templateSql(db);
  return { rows: prefix === 'prro_' ? t.fiscalParts.all() : t.plainParts.all() };
};

export const countReceipt: Handler<'print_templates.count_receipt'> = ({ kind }, { db }) => ({
  value: String(templateSql(db).countReceipts.get(kind)?.n ?? 0),
});
