/**
 * The fiscal back office's refusals (shared/contract/refusals-fiscal.ts) in the cashier's and the
 * manager's words, filled in as refusals.ts fills the others.
 */
import type { FiscalRefusalReason } from '../../shared/contract/index.js';

export const ukFiscal: Record<FiscalRefusalReason, string> = {
  'fiscal.no_seller': 'Не задано реквізити продавця (податковий номер, назва, адреса): фіскальні документи неможливі.',
  'tax.letter_unknown': 'Товар {{code}} має податкову літеру {{letter}}, якої немає серед ставок.',
  'fiscal.offline_session_exhausted':
    'Каса {{kasm}} працює без зв’язку з податковою вже {{hours}} год — це межа. Нові чеки неможливі, доки зв’язок не відновиться.',
  'fiscal.offline_month_exhausted':
    'Каса {{kasm}} цього місяця вже працювала без зв’язку з податковою {{hours}} год — це межа. Нові чеки неможливі, доки зв’язок не відновиться.',
  'fiscal.clock_behind':
    'Годинник показує {{now}} — раніше за останній документ каси {{kasm}} ({{last_at}}). Документи не можна датувати назад: виставте правильний час.',
  'shift.not_open': 'На касі {{kasm}} зміну не відкрито. Відкрийте зміну перед першим чеком.',
  'shift.too_long': 'Зміна каси {{kasm}} відкрита {{opened_at}} — понад {{hours}} год. Спершу закрийте її Z-звітом.',
  'shift.no_register': 'Каса {{kasm}} працює без ПРРО: змін у неї немає.',
  'shift.already_open': 'На касі {{kasm}} зміну вже відкрито ({{cashier}}, {{opened_at}}). Спершу закрийте її Z-звітом.',
  'shift.cashier_unknown': 'Користувача {{cashier}} немає.',
  'shift.not_open_to_close': 'На касі {{kasm}} немає відкритої зміни.',
  'shift.unsent_documents':
    'Z-звіт каси {{kasm}} поки неможливий: податкова ще не прийняла {{count}} документів зміни. Перегляньте їх у черзі ПРРО.',
  'sale.payments_short': 'Оплата {{paid, money}} менша за суму чека {{total, money}} (готівкою до сплати {{cash, money}}).',
  'sale.payments_exceed':
    'Оплата {{paid, money}} більша за суму чека {{total, money}}. Решту дають лише з готівки (готівкою до сплати {{cash, money}}).',
  'sale.round_mismatch': 'Заокруглення {{round, money}} не таке, як у цього чека: {{expected, money}}.',
  'certificate.number_required': 'Вкажіть номер подарункового сертифіката.',
  'certificate.unknown': 'Сертифіката {{number}} немає в реєстрі.',
  'certificate.redeemed': 'Сертифікат {{number}} уже використано: чек № {{check_number}}, {{at}}.',
  'certificate.too_much': 'Сертифікат {{number}} на {{amount, money}}: ним не можна сплатити {{asked, money}}.',
  'certificate.exists': 'Сертифікат {{number}} уже зареєстровано.',
  'prro.cancel_after_settled': 'Документ {{id}} не можна відкликати: документ № {{later}} після нього вже в податковій.',
  'prro.cancelled_final': '{{what}}: відкликаний документ віддав своє місце в ланцюжку й лишається відкликаним.',
  'prro.requeue_unreadable': 'Виправлений документ не читається: {{problem}}',
  'prro.requeue_changes_content':
    'Виправлений документ {{id}} вже не відповідає обліку (перша відмінність: {{field}}). Суми, оплати, податки й рядки мають лишитися як є.',
  'prro.requeue_schema':
    'Виправлений документ не відповідає схемі ДПС, тож податковий сервер його відхилить: {{field}}: {{problem}}',
  'prro.requeue_prev_hash': 'Це не геш попереднього документа ланцюжка ({{expected}}).',
  'prro.requeue_control_code': 'Це не контрольне число документа на його місці ({{expected}}).',
  'prro.enqueue_own_type': 'Документ «{{doc_type}}» формує сама програма: ззовні його не додають.',
  'fiscal.tin_format': 'Податковий номер {{tin}} має бути з 5–10 цифр або 2 літер і 6 цифр (паспорт).',
  'fiscal.unwritable':
    'У полі {{field}} є символи, яких фіскальний документ не вміщує (кодова сторінка 1251): кожен документ надрукував би їх як «?»: {{chars}}',
  'fiscal.ipn_required': 'Платнику ПДВ потрібен індивідуальний податковий номер (6–12 цифр).',
  'fiscal.numprro_format': 'Фіскальний номер ПРРО {{numprro}} має складатися з цифр.',
  'fiscal.numprro_taken': 'ПРРО {{numprro}} уже закріплено за касою {{kasm}}.',
  'fiscal.register_shift_open': 'На касі {{kasm}} відкрита зміна: спершу закрийте її, потім змінюйте ПРРО.',
  'fiscal.seller_shift_open': 'На касі {{kasm}} відкрита зміна: реквізити продавця змінюють, коли всі зміни закрито.',
  'tax.letter_in_use': 'Літеру {{letter}} має {{goods}} товарів або вона типова для магазину: вилучити її не можна.',
  'goods.unknown': 'Товару {{code}} немає.',
  'shift.none_to_report': 'На касі {{kasm}} немає зміни {{shift_id}} для звіту (0 — відкрита зміна).',
  'return.no_receipt': 'Чека № {{check_number}} немає.',
  'return.no_line': 'У чеку № {{check_number}} немає рядка {{line_no}}.',
  'return.line_twice': 'Рядок {{line_no}} повертається двічі.',
  'return.too_much':
    'Рядок {{line_no}} ({{code}}): продано {{sold, qty}}, уже повернуто {{returned, qty}} — повернути {{asked, qty}} не можна.',
  'return.excise_whole_units': 'Акцизний товар {{code}} повертають поштучно, з марками; вказано {{asked, qty}}.',
  'return.stamp_not_sold': 'Марку {{mark}} не продано в рядку {{line_no}}.',
  'return.stamps_count': 'Рядок {{line_no}}: повертається {{units}} шт., а марок {{given}} — має бути по одній на штуку.',
  'return.no_stamps_on_line': 'Рядок {{line_no}} без акцизних марок.',
  'return.original_not_fiscal': 'Чек № {{check_number}} був нефіскальний: на касі з ПРРО його не повертають.',
  'return.original_not_fiscalized':
    'Чек № {{check_number}} ще не має фіскального номера (податкова його ще не прийняла). Поверніть, щойно прийме.',
  'print.one_of': 'Вкажіть чек, повернення або фіскальний документ для друку.',
  'print.no_return': 'Повернення № {{return_id}} немає.',
  'print.not_fiscal': 'Цей чек зроблено на касі без ПРРО: фіскального чека для друку в нього немає.',
  'print.unreadable':
    'Фіскальний документ №{{doc_id}} цього чека не читається ({{problem}}): знайдіть його в черзі ПРРО, де менеджер його виправить або відкличе.',
  'print.no_document': 'Фіскального документа № {{doc_id}} немає.',
  'print.not_receipt': 'Фіскальний документ № {{doc_id}} ({{doc_type}}) не друкується як чек: Z-звіт друкується з екрана зміни.',
  'shift.collection_over_drawer':
    'У касі {{kasm}} лише {{cash, money}}: інкасувати {{collection, money}} неможливо. Інкасація не може бути більшою, ніж готівки в касі.',
  'key.no_register': 'Каса {{kasm}} працює без ПРРО: вона не підписує фіскальних документів.',
  'key.not_manager': '{{name}} не може зробити це сам(а): потрібен керівник або старший касир (рівень {{min}} і вище).',
  'key.password': 'Пароль не підходить до цього ключа, або файл ключа пошкоджено.',
  'key.format': 'Файл не є ключем КЕП, який читає програма (Key-6.dat, .jks, .pfx, .pk8).',
  'key.bad_certificate': 'Файл сертифіката не читається: потрібен сертифікат .cer (DER або PEM).',
  'key.no_certificate': 'Не знайдено сертифіката підпису цього ключа: {{detail}}',
  'key.not_for_signing': 'Це сертифікат шифрування, а не підпису: додайте сертифікат підпису цього ключа.',
  'key.expired': 'Сертифікат ключа втратив чинність {{valid_to}}: потрібен новий ключ.',
  'key.not_yet_valid': 'Сертифікат ключа набуде чинності лише {{valid_from}}.',
  'key.untrusted': 'Сертифікат ключа видав «{{issuer}}» — цього центру немає серед довірених кваліфікованих.',
  'key.foreign':
    'Ключ належить {{owner}} ({{numbers}}), а ПРРО зареєстровано на продавця {{tin}}. Завантажте ключ продавця або позначте, що власник ключа — касир, зареєстрований для цього ПРРО.',
  'key.too_large': 'Файл {{what}} завеликий: {{size}} байт, можна щонайбільше {{max}}.',
  'key.missing': 'Для ПРРО каси {{kasm}} не завантажено ключ КЕП: його завантажує керівник (Налаштування → Ключ КЕП).',
  'key.unattended_unavailable': 'Сервіс не має власного секрету, щоб зберегти пароль: робота без людини тут недоступна.',
  'key.unattended_password': 'Щоб каса підписувала без людини, введіть пароль ключа.',
  'fiscal.document_too_large':
    'Фіскальний документ із підписом мав би {{size}} байт — більше, ніж приймає податкова ({{max}}). Розбийте покупку на кілька чеків.',
};

export const enFiscal: Record<FiscalRefusalReason, string> = {
  'fiscal.no_seller': 'The seller’s details (tax number, name, address) are not set: no fiscal document can be made.',
  'tax.letter_unknown': 'Product {{code}} has tax letter {{letter}}, which is not among the tax rates.',
  'fiscal.offline_session_exhausted':
    'Till {{kasm}} has worked without the tax server for {{hours}} hours, the limit. No new receipts until the connection is back.',
  'fiscal.offline_month_exhausted':
    'Till {{kasm}} has used its {{hours}} offline hours this month. No new receipts until the connection is back.',
  'fiscal.clock_behind':
    'The clock says {{now}}, earlier than the last document of till {{kasm}} ({{last_at}}). Documents cannot be dated back: set the clock right.',
  'shift.not_open': 'Till {{kasm}} has no open shift. Open a shift before the first receipt.',
  'shift.too_long':
    'The shift of till {{kasm}} opened at {{opened_at}}, over {{hours}} hours ago. Close it with a Z-report first.',
  'shift.no_register': 'Till {{kasm}} works without a PRRO: it has no shifts.',
  'shift.already_open': 'Till {{kasm}} already has a shift open ({{cashier}}, {{opened_at}}). Close it with a Z-report first.',
  'shift.cashier_unknown': 'There is no user {{cashier}}.',
  'shift.not_open_to_close': 'Till {{kasm}} has no open shift.',
  'shift.unsent_documents':
    'No Z-report for till {{kasm}} yet: the tax server has not accepted {{count}} documents of the shift. See them in the PRRO queue (F5).',
  'sale.payments_short': 'Payments {{paid, money}} are less than the total {{total, money}} (cash to take: {{cash, money}}).',
  'sale.payments_exceed':
    'Payments {{paid, money}} are more than the total {{total, money}}. Change comes only from cash (cash to take: {{cash, money}}).',
  'sale.round_mismatch': 'The rounding {{round, money}} is not this receipt’s: {{expected, money}}.',
  'certificate.number_required': 'Give the gift certificate’s number.',
  'certificate.unknown': 'Gift certificate {{number}} is not registered.',
  'certificate.redeemed': 'Gift certificate {{number}} was already used: receipt No. {{check_number}}, {{at}}.',
  'certificate.too_much': 'Gift certificate {{number}} is for {{amount, money}}: it cannot pay {{asked, money}}.',
  'certificate.exists': 'Gift certificate {{number}} is already registered.',
  'prro.cancel_after_settled':
    'Document {{id}} cannot be withdrawn: document No. {{later}} after it is already with the tax server.',
  'prro.cancelled_final': '{{what}}: a withdrawn document gave its place in the chain and stays withdrawn.',
  'prro.requeue_unreadable': 'The corrected document cannot be read: {{problem}}',
  'prro.requeue_changes_content':
    'The corrected document {{id}} no longer matches the books (first difference: {{field}}). Sums, payments, taxes and lines must stay as they are.',
  'prro.requeue_schema':
    'The corrected document does not follow the DPS schema, so the tax server would refuse it: {{field}}: {{problem}}',
  'prro.requeue_prev_hash': 'This is not the hash of the previous document in the chain ({{expected}}).',
  'prro.requeue_control_code': 'This is not the control number of the document at its place ({{expected}}).',
  'prro.enqueue_own_type': 'A “{{doc_type}}” document is made by the program itself, not added from outside.',
  'fiscal.tin_format': 'Tax number {{tin}} must be 5–10 digits, or 2 letters and 6 digits (a passport).',
  'fiscal.unwritable':
    '{{field}} has characters a fiscal document cannot carry (windows-1251), which every document would print as "?": {{chars}}',
  'fiscal.ipn_required': 'A VAT payer needs its VAT number (6–12 digits).',
  'fiscal.numprro_format': 'PRRO fiscal number {{numprro}} must be digits.',
  'fiscal.numprro_taken': 'PRRO {{numprro}} already belongs to till {{kasm}}.',
  'fiscal.register_shift_open': 'Till {{kasm}} has an open shift: close it before changing its PRRO.',
  'fiscal.seller_shift_open': 'Till {{kasm}} has an open shift: the seller’s details change only when every shift is closed.',
  'tax.letter_in_use': 'Letter {{letter}} is used by {{goods}} products or is the shop default: it cannot be removed.',
  'goods.unknown': 'There is no product {{code}}.',
  'shift.none_to_report': 'Till {{kasm}} has no shift {{shift_id}} to report on (0: its open shift).',
  'return.no_receipt': 'There is no receipt No. {{check_number}}.',
  'return.no_line': 'Receipt No. {{check_number}} has no line {{line_no}}.',
  'return.line_twice': 'Line {{line_no}} is returned twice.',
  'return.too_much':
    'Line {{line_no}} ({{code}}): sold {{sold, qty}}, {{returned, qty}} already returned — {{asked, qty}} cannot be returned.',
  'return.excise_whole_units': 'Excise goods {{code}} are returned by the piece, with their stamps; got {{asked, qty}}.',
  'return.stamp_not_sold': 'Stamp {{mark}} was not sold on line {{line_no}}.',
  'return.stamps_count': 'Line {{line_no}}: {{units}} units returned with {{given}} stamps — one per unit.',
  'return.no_stamps_on_line': 'Line {{line_no}} carries no excise stamps.',
  'return.original_not_fiscal': 'Receipt No. {{check_number}} was not fiscal: it cannot be returned at a till with a PRRO.',
  'return.original_not_fiscalized':
    'Receipt No. {{check_number}} has no fiscal number yet (the tax server has not accepted it). Return it once it has.',
  'print.one_of': 'Name the receipt, the return or the fiscal document to print.',
  'print.no_return': 'There is no return No. {{return_id}}.',
  'print.not_fiscal': 'This receipt was made at a till without a PRRO: it has no fiscal receipt to print.',
  'print.unreadable':
    'Fiscal document {{doc_id}} of this receipt cannot be read ({{problem}}): find it in the PRRO queue, where a manager corrects or withdraws it.',
  'print.no_document': 'There is no fiscal document No. {{doc_id}}.',
  'print.not_receipt':
    'Fiscal document No. {{doc_id}} ({{doc_type}}) does not print as a receipt: a Z-report prints from the shift screen.',
  'shift.collection_over_drawer':
    'Till {{kasm}} holds only {{cash, money}}: a collection of {{collection, money}} is not possible. A collection cannot exceed the cash in the drawer.',
  'key.no_register': 'Till {{kasm}} works without a PRRO: it signs no fiscal documents.',
  'key.not_manager': '{{name}} cannot do this alone: a manager or senior cashier is needed (level {{min}} or above).',
  'key.password': 'The password does not open this key, or the key file is damaged.',
  'key.format': 'The file is not a КЕП key this program reads (Key-6.dat, .jks, .pfx, .pk8).',
  'key.bad_certificate': 'The certificate file cannot be read: a .cer certificate (DER or PEM) is needed.',
  'key.no_certificate': 'No signing certificate of this key was found: {{detail}}',
  'key.not_for_signing': 'This is an encryption certificate, not a signing one: add the signing certificate of this key.',
  'key.expired': "The key's certificate expired on {{valid_to}}: a new key is needed.",
  'key.not_yet_valid': "The key's certificate becomes valid only on {{valid_from}}.",
  'key.untrusted': "The key's certificate was issued by “{{issuer}}”, which is not among the trusted qualified CAs.",
  'key.foreign':
    "The key is {{owner}}'s ({{numbers}}), and the PRRO is registered to the seller {{tin}}. Load the seller's key, or mark its owner as a cashier registered for this PRRO.",
  'key.too_large': 'The {{what}} file is too large: {{size}} bytes, at most {{max}}.',
  'key.missing': 'No КЕП key is loaded for the PRRO of till {{kasm}}: a manager loads it (Settings → КЕП key).',
  'key.unattended_unavailable':
    'The service has no secret of its own to keep a password with: unattended signing is not available here.',
  'key.unattended_password': "To let the till sign unattended, enter the key's password.",
  'fiscal.document_too_large':
    'The fiscal document would be {{size}} bytes signed, more than the tax server takes ({{max}}). Split the purchase into several receipts.',
};
