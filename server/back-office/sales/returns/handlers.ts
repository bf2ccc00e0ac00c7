/** Returns: the returnable view of a receipt, and the return itself. */
import { fmt, fmtDb, fromDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { returnSql } from '../kernel/returns/statements.js';
import { performReturn } from './write.js';

type ReturnOps = 'pos.checkout_return' | 'pos.checkout_returnable';

export const returnHandlers: HandlerGroup<ReturnOps> = {
  'pos.checkout_return': (p, ctx) => ({ rows: [performReturn(ctx, p)] }),

  'pos.checkout_returnable': ({ check_number }, { db }) => {
    const sql = returnSql(db);
    const receipt = sql.receipt.get(check_number);
    if (!receipt) return { rows: [] };
    return {
      rows: sql.lines.all(check_number).map((l) => ({
        line_no: String(l.line_no),
        code: l.code,
        name: l.name,
        unit_type: l.unit_type,
        quantity: fmtDb(l.quantity, 'unit'),
        returned: fmtDb(l.returned, 'unit'),
        returnable: fmt(fromDb(l.quantity - l.returned, 'unit'), 'unit'),
        price: fmtDb(l.price),
        discount: fmtDb(l.discount),
        sum: fmtDb(l.sum),
        excise_marks: sql.boundStamps
          .all(l.id)
          .map((s) => s.mark)
          .reverse()
          .join(', '),
        fiscal_number: receipt.fiscal_number ?? '',
      })),
    };
  },
};
