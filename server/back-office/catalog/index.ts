/**
 * The catalog half of the embedded back office: goods, stock, invoices, directories, settings
 * and templates. The sales half (server/back-office/sales) takes stock through `takeFifo`.
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';
import type { HandlerGroup } from '../handlers.js';
import { deleteKupm, deleteZap, saveKupm, saveZap } from './directories/captions.js';
import {
  deleteCounterparty,
  saveCounterparty,
  templateContractorRekv,
  templateContractors,
} from './directories/counterparties.js';
import { deleteDiscountAction, saveDiscountAction } from './directories/discount-actions.js';
import { directoryMigrations } from './directories/schema.js';
import { deleteUser, saveUser } from './directories/users.js';
import { cardMain, cardOpen } from './goods/card.js';
import { cardSettingHistory, cardSettingSave } from './goods/card-settings.js';
import { extraValue, extraValues, picture } from './goods/extras.js';
import { findCode } from './goods/find-code.js';
import { makeArt, makeOwn } from './goods/generators.js';
import { checkoutUktzedRows, isEtax, productExists } from './goods/lookup.js';
import { priceHistoryMigrations } from './goods/price-history.js';
import { priceTagsPrepare } from './goods/price-tags.js';
import { goodsMigrations } from './goods/schema.js';
import { invoiceCurrency } from './nakl/currency.js';
import { importCancel, importConfirm, importMainAddLine } from './nakl/import.js';
import { renewInventoryRest } from './nakl/inventory.js';
import { adjustPricesPercent, priceDiff } from './nakl/prices.js';
import { addLines, cancelEmptyLine, saveLine } from './nakl/save-line.js';
import { naklMigrations } from './nakl/schema.js';
import { initUserTp, saveTp, saveUserIdentity } from './settings/handlers.js';
import { settingsMigrations } from './settings/schema.js';
import { branchProductExists, fifoRows, fifoSkRows, fifoSummary } from './stock/handlers.js';
import { stockMigrations } from './stock/schema.js';
import { shortages } from './stock/shortages.js';
import { catalogChanges } from './sync/changes.js';
import { syncMigrations } from './sync/schema.js';
import { countReceipt, templateGetParts } from './templates/handlers.js';
import { templateMigrations } from './templates/schema.js';
import { setUserPin } from './users/pins/handlers.js';
import { pinMigrations } from './users/pins/schema.js';

export { productOfCode } from './goods/lookup.js';
export { pricesReplacedSince } from './goods/price-history.js';
export { type FifoTake, receiveBatch, takeFifo, takeFifoMany, takeRead } from './stock/fifo.js';
export { pruneCatalogChanges } from './sync/changes.js';

export const catalogMigrations: Migration[] = [
  ...goodsMigrations,
  ...priceHistoryMigrations,
  ...stockMigrations,
  ...naklMigrations,
  ...directoryMigrations,
  ...settingsMigrations,
  ...templateMigrations,
  ...pinMigrations,
];

/** The catalogue change log: after the sales migrations (its triggers watch discount cards), so the back office adds it. */
export { syncMigrations };

export type CatalogOperation =
  | 'goods.card_main'
  | 'goods.card_open'
  | 'goods.extra_value'
  | 'goods.extra_values'
  | 'goods.fifo_rows'
  | 'goods.fifo_sk_rows'
  | 'goods.picture'
  | 'checks.product_exists'
  | 'checks.branch_product_exists'
  | 'generators.make_art'
  | 'generators.make_own'
  | 'pos.find_code'
  | 'pos.fifo_summary'
  | 'pos.checkout_uktzed_rows'
  | 'pos.card_setting_history'
  | 'pos.card_setting_save'
  | 'pos.price_tags_prepare_main_tmp'
  | 'pos.is_etax'
  | 'pos.template_contractor_rekv'
  | 'pos.template_contractors'
  | 'pos.template_get_parts'
  | 'print_templates.count_receipt'
  | 'nakl.add_lines'
  | 'nakl.adjust_prices_percent'
  | 'nakl.cancel_empty_line'
  | 'nakl.import_cancel'
  | 'nakl.import_confirm'
  | 'nakl.import_main_add_line'
  | 'nakl.price_diff'
  | 'nakl.renew_inventory_rest'
  | 'nakl.save_line'
  | 'catalog.contrag.delete'
  | 'catalog.contrag.save'
  | 'catalog.discount_actions.delete'
  | 'catalog.discount_actions.save'
  | 'catalog.translate_zap.delete'
  | 'catalog.translate_zap.save'
  | 'catalog.translate_kupm.delete'
  | 'catalog.translate_kupm.save'
  | 'catalog.users.delete'
  | 'catalog.users.save'
  | 'settings.init_user_tp'
  | 'settings.save_tp'
  | 'settings.save_user_identity'
  | 'finance.invoice_currency'
  | 'goods.catalog_changes'
  | 'goods.shortages'
  | 'catalog.users.set_pin';

export const catalogHandlers: HandlerGroup<CatalogOperation> = {
  'goods.card_main': cardMain,
  'goods.card_open': cardOpen,
  'goods.extra_value': extraValue,
  'goods.extra_values': extraValues,
  'goods.fifo_rows': fifoRows,
  'goods.fifo_sk_rows': fifoSkRows,
  'goods.picture': picture,
  'checks.product_exists': productExists,
  'checks.branch_product_exists': branchProductExists,
  'generators.make_art': makeArt,
  'generators.make_own': makeOwn,
  'pos.find_code': findCode,
  'pos.fifo_summary': fifoSummary,
  'pos.checkout_uktzed_rows': checkoutUktzedRows,
  'pos.card_setting_history': cardSettingHistory,
  'pos.card_setting_save': cardSettingSave,
  'pos.price_tags_prepare_main_tmp': priceTagsPrepare,
  'pos.is_etax': isEtax,
  'pos.template_contractor_rekv': templateContractorRekv,
  'pos.template_contractors': templateContractors,
  'pos.template_get_parts': templateGetParts,
  'print_templates.count_receipt': countReceipt,
  'nakl.add_lines': addLines,
  'nakl.adjust_prices_percent': adjustPricesPercent,
  'nakl.cancel_empty_line': cancelEmptyLine,
  'nakl.import_cancel': importCancel,
  'nakl.import_confirm': importConfirm,
  'nakl.import_main_add_line': importMainAddLine,
  'nakl.price_diff': priceDiff,
  'nakl.renew_inventory_rest': renewInventoryRest,
  'nakl.save_line': saveLine,
  'catalog.contrag.delete': deleteCounterparty,
  'catalog.contrag.save': saveCounterparty,
  'catalog.discount_actions.delete': deleteDiscountAction,
  'catalog.discount_actions.save': saveDiscountAction,
  'catalog.translate_zap.delete': deleteZap,
  'catalog.translate_zap.save': saveZap,
  'catalog.translate_kupm.delete': deleteKupm,
  'catalog.translate_kupm.save': saveKupm,
  'catalog.users.delete': deleteUser,
  'catalog.users.save': saveUser,
  'settings.init_user_tp': initUserTp,
  'settings.save_tp': saveTp,
  'settings.save_user_identity': saveUserIdentity,
  'finance.invoice_currency': invoiceCurrency,
  'goods.catalog_changes': catalogChanges,
  'goods.shortages': shortages,
  'catalog.users.set_pin': setUserPin,
};
