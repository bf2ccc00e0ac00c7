/**
 * The sales half of the embedded back office: the till's sale from the first line to the fiscal
 * document, cash boxes, discount cards with their debt and bonus ledgers, excise stamps, the PRRO
 * queue, and the reports (migrations 0200..0290); then the fiscal back office: the seller and
 * taxes, shifts, returns, gift certificates and the simulated tax server (migrations 0300..0399).
 *
 * In layers (architecture/layers.ts, held by its test): kernel/ is what every area shares; each
 * area (cards, cash, fiscal, prro, shifts, …) imports only the kernel; the flows checkout/ and
 * returns/ compose areas; this file, which registers every handler, is the composition root.
 */

import type { Migration } from '../../../shared-node/sqlite/migrate.js';
import { simulatorMigrations } from '../../dps/simulator/schema.js';
import type { HandlerGroup } from '../handlers.js';
import { cardPaymentMigrations } from './card-payments/schema.js';
import { debtHandlers } from './cards/debt-handlers.js';
import { discountHandlers } from './cards/discount-handlers.js';
import { cardMigrations } from './cards/schema.js';
import { cashHandlers } from './cash/handlers.js';
import { cashMigrations } from './cash/schema.js';
import { certificateHandlers } from './certificates/handlers.js';
import { certificateMigrations } from './certificates/schema.js';
import { applySaleLine } from './checkout/apply-line.js';
import { clientBonusDelta } from './checkout/bonus-delta.js';
import { closeSaleHandler } from './checkout/close/close-sale.js';
import { manualPrice } from './checkout/manual-price/manual-price.js';
import { manualPriceMigrations } from './checkout/manual-price/schema.js';
import { mixedPaymentHandlers } from './checkout/mixed-payment.js';
import { checkoutMigrations } from './checkout/schema.js';
import { ping } from './diagnostics/ping.js';
import { exciseHandlers } from './excise/handlers.js';
import { exciseMigrations } from './excise/schema.js';
import { fiscalSettingsHandlers } from './fiscal/handlers.js';
import { fiscalMigrations } from './fiscal/schema.js';
import { prepayMigrations } from './kernel/register/prepay.js';
import { peopleHandlers } from './people/handlers.js';
import { peopleMigrations } from './people/schema.js';
import { gridPageHandlers } from './prro/grid/page.js';
import { prroHandlers } from './prro/handlers.js';
import { keyHandlers } from './prro/keys/handlers.js';
import { prroManagerHandlers } from './prro/manager-handlers.js';
import { prroMigrations } from './prro/schema.js';
import { printHandlers } from './receipt-print/handlers.js';
import { reportHandlers } from './reports/handlers.js';
import { reportMigrations } from './reports/schema.js';
import { returnHandlers } from './returns/handlers.js';
import { returnMigrations } from './returns/schema.js';
import { shiftHandlers } from './shifts/handlers.js';
import { shiftMigrations } from './shifts/schema.js';

export type SalesOperation =
  | 'pos.cashdesk_balance'
  | 'pos.cashdesk_bank_next_destination'
  | 'pos.debt_open_rows'
  | 'pos.overdue_debts'
  | 'pos.excise_duplicate'
  | 'pos.prro_inline_error_docs'
  | 'pos.prro_inline_error_grid'
  | 'pos.prro_inline_queue_rows'
  | 'pos.checkout_mixed_payment'
  | 'pos.reports_check_print_rows'
  | 'pos.reports_checks_today'
  | 'pos.debt_pay_bonus'
  | 'pos.debt_pay_cash'
  | 'pos.excise_add_mark'
  | 'pos.excise_bind_pending'
  | 'pos.excise_clear_pending'
  | 'settings.excise_stamp_masks_save'
  | 'pos.prro_inline_enqueue'
  | 'pos.prro_inline_requeue'
  | 'pos.prro_inline_set_status'
  | 'pos.prro_inline_set_status_by_filter'
  | 'pos.checkout_apply_sale_line'
  | 'pos.checkout_client_bonus_delta'
  | 'pos.checkout_close_sale'
  | 'pos.checkout_store_mixed_payment'
  | 'pos.template_report_get'
  | 'checks.cash_balance'
  | 'checks.discount_debt'
  | 'checks.fop_year_turnover'
  | 'discounts.bonus_comments'
  | 'discounts.delete_extra_value'
  | 'discounts.import_card_ignore'
  | 'finance.discount_debt_cash_line'
  | 'finance.discount_debt_cash_pay'
  | 'finance.pay_contrag_invoice'
  | 'service.ping'
  | 'pos.shift_open'
  | 'pos.shift_close'
  | 'pos.shift_state'
  | 'pos.shift_x_report'
  | 'pos.shifts'
  | 'pos.cash_deposit'
  | 'pos.cash_withdrawal'
  | 'pos.checkout_return'
  | 'pos.checkout_returnable'
  | 'pos.certificate_issue'
  | 'pos.certificate_state'
  | 'pos.prro_doc_audit'
  | 'pos.prro_fiscal_server_set'
  | 'pos.receipt_print'
  | 'pos.receipt_find'
  | 'settings.fiscal_settings'
  | 'settings.fiscal_identity_save'
  | 'settings.fiscal_register_save'
  | 'settings.tax_rate_save'
  | 'settings.goods_tax_letters_save'
  | 'settings.cash_rounding_save'
  | 'settings.fiscal_limits_save'
  | 'pos.checkout_manual_price'
  | 'pos.cashier_sign_in'
  | 'pos.manager_confirm'
  | 'pos.shift_documents'
  | 'pos.shift_report_print'
  | 'pos.prro_unsent_chain'
  | 'pos.prro_error_grid_page'
  | 'settings.prro_key_load'
  | 'pos.prro_key_unlock'
  | 'settings.prro_key_unattended'
  | 'pos.prro_key_state'
  | 'settings.prro_device_take_over';

export const salesMigrations: Migration[] = [
  ...checkoutMigrations,
  ...cardMigrations,
  ...exciseMigrations,
  ...prroMigrations,
  ...prepayMigrations,
  ...cashMigrations,
  ...reportMigrations,
  ...fiscalMigrations,
  ...simulatorMigrations,
  ...shiftMigrations,
  ...returnMigrations,
  ...certificateMigrations,
  ...manualPriceMigrations,
  ...peopleMigrations,
  ...cardPaymentMigrations,
];

export const salesHandlers: HandlerGroup<SalesOperation> = {
  ...cashHandlers,
  ...debtHandlers,
  ...discountHandlers,
  ...exciseHandlers,
  ...prroHandlers,
  ...prroManagerHandlers,
  ...gridPageHandlers,
  ...mixedPaymentHandlers,
  ...reportHandlers,
  ...shiftHandlers,
  ...returnHandlers,
  ...printHandlers,
  ...certificateHandlers,
  ...fiscalSettingsHandlers,
  ...peopleHandlers,
  ...keyHandlers,
  'pos.checkout_apply_sale_line': applySaleLine,
  'pos.checkout_client_bonus_delta': clientBonusDelta,
  'pos.checkout_close_sale': closeSaleHandler,
  'service.ping': ping,
  'pos.checkout_manual_price': manualPrice,
};
