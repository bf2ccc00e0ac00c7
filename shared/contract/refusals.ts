/**
 * Why the back office refuses a request on business grounds, as data: a stable reason key, the
 * English sentence API clients read, and the named values it carries. A refusal reaches the
 * client as an `INVALID_PARAMETER` detail `{path, problem, reason, values}`; `problem` is the
 * English sentence with the values filled in, so any client can show it, and `reason` + `values`
 * let a client word it in its own language (the cash desk does, in Ukrainian and English).
 *
 * Placeholders are `{name}`; every value is sent as a string. Keys are grouped by area with a dot.
 */
import { fillTemplate } from './dsl/template.js';
import { CARD_REFUSALS } from './refusals-card.js';
import { FISCAL_REFUSALS } from './refusals-fiscal.js';
import { SALES_REFUSALS } from './refusals-sales.js';

export { fillTemplate, placeholdersOf } from './dsl/template.js';

export const REFUSALS = {
  // Tills, storages, sale documents
  'till.unknown': 'names no till: {kasm}',
  ...FISCAL_REFUSALS,
  ...SALES_REFUSALS,
  ...CARD_REFUSALS,
  'storage.no_branch': 'branch {sk} does not exist; branches are 1 and 2',
  'sale_doc.closed': 'sale document {ndoc} is already closed as receipt {check}',
  'sale_doc.required': 'names the sale document and must not be empty',
  'sale_doc.no_receipt_of_card': 'names no receipt or open sale document of card {card}: "{ndoc}"',
  // Money and numbers
  'money.not_positive': 'must be greater than 0.00, got {amount}',
  'money.negative': 'must not be negative, got {amount}',
  'money.not_kopecks': '{amount} is not a whole number of kopecks',
  'number.negative': 'must not be negative',
  'number.percent_range': 'must be a percent from 0 to 100, got {value}',
  'quantity.negative_value': 'must not be negative, got {quantity}',
  // Goods, codes and stock
  'product.unknown': 'product {code} not found',
  'product.unknown_quoted': 'names no product: "{code}"',
  'product.code_required': 'a product code is required',
  'product.price_negative': 'a price cannot be negative',
  'product.price_above_list': 'must be from 0.00 to the price {price}, got {given}',
  'code.letters': 'code {code} is not all digits; letters are not accepted here',
  'stock.quantity_not_positive': 'quantity of {code} must be greater than zero',
  'stock.not_enough': 'not enough stock of {code}: {left} left, {asked} asked',
  'stock.batch_sold': 'only {left} of {code} from {document} is left in stock; the rest is sold',
  // Code generators
  'generator.articles_exhausted': 'every article from 001 to 999 is taken',
  'generator.prefix_exhausted': 'no free code is left under prefix {prefix}',
  // Invoices and imports
  'invoice.unknown': 'invoice {nn} not found',
  'invoice.number_required': 'an invoice needs a number',
  'invoice.is_import': '{nn} is an import document, not an invoice',
  'invoice.no_line': 'invoice {nn} has no line {code}',
  'invoice.line_not_empty': 'line {code} has quantity {quantity}; it is not empty',
  'invoice.line_negative': 'a line cannot have a negative quantity ({code})',
  'invoice.no_lines_to_count': 'invoice {nn} has no lines to count',
  'invoice.not_count':
    'invoice {nn} is a delivery, not an inventory count: its quantities arrived, they are not what is on the shelf',
  'invoice.quantity_negative': 'a quantity cannot be negative',
  'invoice.cost_negative': 'a cost cannot be negative',
  'invoice.rate_negative': 'an exchange rate cannot be negative',
  'invoice.rate_unknown': 'no exchange rate is known for {currency}; give one',
  'invoice.prices_to_zero': 'prices cannot go down by 100 percent or more',
  'import.is_invoice': '{nn} is an invoice, not an import document',
  'import.needs_invoice': 'an import needs the invoice it goes to',
  'import.other_invoice': 'import {temp_nn} goes to invoice {nn}, not {given}',
  'import.unknown': 'import {temp_nn} not found',
  'import.product_not_in': 'product {code} is not in import {temp_nn}',
  // Directories (label: user, counterparty, caption setting, discount action)
  'record.unknown_key': 'no {label} with key {key}',
  'record.referenced': '{label} {key} is still referenced by other records and cannot be deleted',
  'user.name_required': 'a user needs a name',
  'user.card_required': 'a user needs a card',
  'user.card_taken': 'card {card} already belongs to {owner}',
  'user.level_required': 'a user needs an access level',
  'user.unknown': 'user {user} not found',
  'user.no_profile': 'user {user} has no workplace profile yet; create it first',
  'till.no_such': 'till {kasm} does not exist',
  'counterparty.name_required': 'a counterparty needs a name',
  'counterparty.name_taken': 'a counterparty named {name} already exists (key {key})',
  'caption.field_required': 'a caption setting needs a field name',
  'caption.field_taken': 'field {field} already has a caption (key {key})',
  'caption.width_negative': 'a column width cannot be negative',
  'action.discount_range': 'a discount is more than 0 and at most 100 percent',
  'action.type': 'action_type is 0 (every buyer) or 1 (discount-card holders only)',
  'action.period': 'the action ends ({to}) before it starts ({from})',
  // Discount cards
  'card.required': 'names the discount card and is required',
  'card.unknown': 'names no discount card: "{card}"',
  'card.number_required': 'is the card number and must not be empty',
  'card.bonus_exceeds': 'bonus {amount} exceeds the bonus balance {balance} of card {card}',
  'card.needed_for_debt_bonus': 'debt and bonus parts need the discount card they go to',
  // Excise stamps
  'excise.empty': 'is the excise stamp and must not be empty',
  'excise.duplicate_scan': 'excise stamp {mark} is already scanned at till {kasm}: a duplicate stamp is refused',
  'excise.duplicate_reserved':
    'excise stamp {mark} is already scanned at till {kasm} for sale document {ndoc}: a duplicate stamp is refused',
  'excise.duplicate_sold': 'excise stamp {mark} was already sold on receipt {check} (till {kasm}): a duplicate stamp is refused',
  'excise.sold_before': 'excise stamp {mark} was already sold on receipt {check} (till {kasm})',
  'excise.scanned_before': 'excise stamp {mark} is already scanned at till {kasm}',
  'excise.reserved_before': 'excise stamp {mark} is already scanned at till {kasm} for sale document {ndoc}',
  'excise.not_excise_goods': 'product {code} takes no excise stamp',
  'excise.too_many': '{given} excise stamps given for {units} units of {code}; one per unit',
  'excise.twice_on_receipt': 'excise stamp {mark} is given on two lines',
  'excise.missing': 'product {code} needs {units} excise stamps, one per unit; {scanned} scanned',
  'excise.stray_pending':
    'excise stamps {marks} are pending at till {kasm} but no unit of this receipt is left for them; release them or sell the goods',
  'excise.ndoc_required': 'names the sale document the stamps are for and is required',
  'excise.format': '{mark} is not an excise stamp: the accepted formats are {formats}',
  'excise.product_code': '{mark} is the barcode of product {code} ({name}), not an excise stamp',
  'excise.mask_no_letter': 'the mask {mask} has no letter position (A), so it would take a bare number for a stamp',
  'excise.mask_separator': 'the mask {mask} holds a ;, which separates the stored masks',
  'excise.mask_unwritable':
    'the mask {mask} holds a character the fiscal document (windows-1251) cannot write as itself, so a stamp in it could not be written',
  // Manager confirmation and manual prices
  'pin.unknown_card': 'no user has the card {card}',
  'pin.not_set': '{name} has no confirmation PIN yet; a manager sets one first',
  'pin.not_manager': '{name} may not confirm this: access level {level}, a manager needs {min} or above',
  'confirmation.unknown': 'confirmation {id} is not a manager confirmation of {action} at till {kasm}',
  'confirmation.used': 'confirmation {id} was already used at {at}: a manager confirms each action once',
  'confirmation.expired': 'confirmation {id} expired at {at}: ask the manager to confirm again',
  'confirmation.return_over_limit':
    'a return of {total} is above {limit}: a manager confirms it (pos.manager_confirm, action return)',
  'cashier.unknown': 'header X-Cashier names no user: {cashier}',
  'price.one_of': 'give exactly one of price and percent',
  'price.no_discount': 'product {code} ({name}) is sold at its set price: it takes no discount or price change',
} as const satisfies Record<string, string>;

export type RefusalReason = keyof typeof REFUSALS;

export type RefusalValues = Readonly<Record<string, string>>;

export const isRefusalReason = (s: unknown): s is RefusalReason => typeof s === 'string' && Object.hasOwn(REFUSALS, s);

export const refusalText = (reason: RefusalReason, values: RefusalValues): string => fillTemplate(REFUSALS[reason], values);
