/** Refusal reasons of the fiscal back office: identity, shifts, offline limits, returns, certificates, the queue. */
export const FISCAL_REFUSALS = {
  'fiscal.no_seller': "the seller's fiscal identity is not set (settings.fiscal_identity_save): no fiscal document can be issued",
  'tax.letter_unknown': 'product {code} has tax letter {letter}, which is not a configured tax rate',
  'fiscal.offline_session_exhausted':
    'the register of till {kasm} has worked offline for {hours} hours, the limit of one offline session: no new receipts until it reaches the tax server again',
  'fiscal.offline_month_exhausted':
    'the register of till {kasm} has used its {hours} offline hours of this month: no new receipts until it reaches the tax server again',
  'fiscal.clock_behind':
    'the clock says {now}, before {last_at}, the time of the last document of the register of till {kasm}: set the clock right (documents are dated in the order they are made)',
  'shift.not_open': 'till {kasm} has no open shift: open a shift before the first receipt',
  'shift.too_long': 'the shift of till {kasm} opened at {opened_at} is {hours} hours old: close it with a Z-report first',
  'shift.no_register': 'till {kasm} works without a PRRO: it has no shifts',
  'shift.already_open': 'till {kasm} already has a shift open, by {cashier} at {opened_at}: close it with a Z-report first',
  'shift.cashier_unknown': 'names no user: {cashier}',
  'shift.not_open_to_close': 'till {kasm} has no open shift to close',
  'shift.unsent_documents':
    'the shift of till {kasm} still has {count} documents the tax server has not accepted: the Z-report waits until they are sent (see the PRRO queue)',
  'sale.payments_short': 'payments {paid} do not cover the total {total} (the cash part, rounded, is {cash})',
  'sale.payments_exceed':
    'payments {paid} exceed the total {total}; change is given only from cash: send the cash handed over as nal (the cash part, rounded, is {cash})',
  'sale.round_mismatch':
    'round {round} is not the cash rounding of this receipt, {expected} (RNDSUM: the exact amount less the amount paid)',
  'certificate.number_required': 'a gift certificate payment names the certificate (cert_number)',
  'certificate.unknown': 'gift certificate {number} is not registered',
  'certificate.redeemed': 'gift certificate {number} was already redeemed on receipt {check_number} at {at}',
  'certificate.too_much': 'gift certificate {number} is for {amount}; it cannot pay {asked}',
  'certificate.exists': 'gift certificate {number} is already registered',
  'prro.cancel_after_settled':
    'document {id} cannot be withdrawn: document {later} after it in the chain is already with the tax server',
  'prro.cancelled_final': '{what} was withdrawn and gave its place in the chain to the next document: it stays withdrawn',
  'prro.requeue_unreadable': 'the corrected document cannot be read: {problem}',
  'prro.requeue_changes_content':
    'the corrected document {id} no longer says what the books say (first difference at {field}): totals, payments, taxes and lines must stay as they are',
  'prro.requeue_schema':
    'the corrected document is not valid against the DPS schema, so the tax server would refuse it: {field}: {problem}',
  'prro.requeue_prev_hash': 'is not the hash of the previous document in the chain, {expected}',
  'prro.requeue_control_code': 'is not the control number of the document at its place, {expected}',
  'prro.enqueue_own_type':
    'a {doc_type} document is made by the back office itself (pos.shift_open, pos.shift_close and the offline sessions): it is not enqueued from outside',
  'fiscal.tin_format': 'tax number {tin} is not 5 to 10 digits, nor 2 Ukrainian capitals and 6 digits (a passport)',
  'fiscal.unwritable':
    '{field} has characters a fiscal document cannot carry (windows-1251), which every document would print as "?": {chars}',
  'fiscal.ipn_required': 'a VAT payer needs its VAT number (ipn, 6 to 12 digits)',
  'fiscal.numprro_format': 'the PRRO fiscal number {numprro} is not a number',
  'fiscal.numprro_taken': 'the PRRO {numprro} is already the register of till {kasm}',
  'fiscal.register_shift_open': 'till {kasm} has an open shift: close it before its register changes',
  'tax.letter_in_use': 'tax letter {letter} is used by {goods} products or the shop default: it cannot be removed',
  'goods.unknown': 'names no product: {code}',
  'shift.none_to_report': 'till {kasm} has no shift {shift_id} to report on (0: its open shift)',
  'return.no_receipt': 'names no receipt: {check_number}',
  'return.no_line': 'receipt {check_number} has no line {line_no}',
  'return.line_twice': 'line {line_no} is returned twice in one return',
  'return.too_much': 'line {line_no} ({code}) sold {sold}, {returned} of it already returned: {asked} cannot be returned',
  'return.excise_whole_units': 'excise goods {code} are returned by the piece, with their stamps; got {asked}',
  'return.stamp_not_sold': 'excise stamp {mark} is not sold on line {line_no}',
  'return.stamps_count': 'line {line_no} returns {units} units and names {given} excise stamps: one per unit',
  'return.no_stamps_on_line': 'line {line_no} carries no excise stamps',
  'return.original_not_fiscal': 'receipt {check_number} was not fiscal: it cannot be returned at a till with a PRRO',
  'return.original_not_fiscalized':
    'receipt {check_number} has no fiscal number yet (the tax server has not accepted it): return it once it has',
  'fiscal.seller_shift_open': 'till {kasm} has an open shift: close every shift before the seller changes',
  'print.one_of': 'name the receipt (check_number), the return (return_id) or the fiscal document (doc_id) to print, one of them',
  'print.no_return': 'names no return: {return_id}',
  'print.not_fiscal': 'this receipt was made at a till without a PRRO: it has no fiscal receipt to print',
  'print.unreadable':
    'the fiscal document {doc_id} of this receipt cannot be read ({problem}): see it in the PRRO queue, where a manager corrects or withdraws it',
  'print.no_document': 'names no fiscal document: {doc_id}',
  'print.not_receipt':
    'fiscal document {doc_id} is a {doc_type}, which has no receipt paper (a Z-report prints with pos.shift_report_print)',
  'shift.collection_over_drawer':
    'the drawer of till {kasm} holds {cash}: a collection of {collection} at the close would take more than it holds',
  'key.no_register': 'till {kasm} works without a PRRO: it signs no fiscal documents',
  'key.not_manager':
    '{name} may not do this alone: a manager (access level {min} or above) signs in, or confirms with header X-Manager-Confirmation',
  'key.password': 'the password does not open this key container, or the file is damaged',
  'key.format': 'the file is not a key container this program reads (Key-6.dat, .jks, .pfx, .pk8)',
  'key.bad_certificate': 'the certificate file cannot be read: a .cer certificate (DER or PEM) is expected',
  'key.no_certificate': 'no signing certificate of this key was found: {detail}',
  'key.not_for_signing': 'the certificate is for encryption, not for signing: give the signing certificate of this key',
  'key.expired': "the key's certificate expired on {valid_to}: a new key is needed",
  'key.not_yet_valid': "the key's certificate becomes valid on {valid_from}",
  'key.untrusted': "the key's certificate was issued by {issuer}, which is not among the trusted qualified CAs",
  'key.foreign':
    "the key is {owner}'s ({numbers}), and the register is the seller {tin}'s: load the seller's key, or state that its owner is a cashier the DPS registered for this register",
  'key.too_large': 'the {what} is {size} bytes; at most {max} are taken',
  'key.missing': 'the register of till {kasm} has no key loaded: a manager loads one (settings.prro_key_load)',
  'key.unattended_unavailable':
    'this service keeps no secret of its own to lock a password with: unattended work is not available here',
  'key.unattended_password': "keeping the key unlocked for unattended work needs the key's password",
  'fiscal.document_too_large':
    'the fiscal document would be {size} bytes signed, over the {max} the tax server takes: split the sale into smaller receipts',
} as const satisfies Record<string, string>;

export type FiscalRefusalReason = keyof typeof FISCAL_REFUSALS;
