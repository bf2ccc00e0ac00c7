/**
 * The return above which a manager confirms it with a PIN (issue 10: "manager PIN above the
 * limit"). The back office decides (its setting `return_manager_limit`, set with
 * settings.fiscal_limits_save and shown by settings.fiscal_settings); the till reads the same
 * setting, so it asks for the manager exactly when the back office will want one. Until the
 * setting has been read (or when it cannot be, offline with nothing cached) the till uses the
 * back office's default, and the back office still refuses a return that needs a manager.
 */
import { op } from '../../../shared/contract/op.js';
import { type Dec, dec } from '../../money/money.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';

/** The back office's default of `return_manager_limit`. */
export const DEFAULT_RETURN_LIMIT = '1000.00';

const DECIMAL = /^\d{1,11}(\.\d{1,4})?$/;

/** The limit the back office has set (its LIMIT row of settings.fiscal_settings), or the default. */
export function useReturnLimit(): string {
  const settings = useRead(op.settings.fiscalSettings, {}, { staleTime: 60_000 });
  const row = rowsOf(settings.data).find((r) => r.tag === 'LIMIT' && r.name === 'return_manager_limit');
  const value = row && 'value' in row ? String(row.value) : '';
  return DECIMAL.test(value) ? value : DEFAULT_RETURN_LIMIT;
}

/** The money a return pays back (its total) needs a manager when it is above the limit. */
export const needsManager = (total: Dec, limit: string): boolean => total.gt(dec(limit));
