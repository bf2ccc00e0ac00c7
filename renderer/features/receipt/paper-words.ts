/**
 * The words printed on the receipt paper. They are not the interface's (strings.ts): a fiscal
 * receipt is a document in the state language whatever language the till's screen speaks (form
 * ФКЧ-1, Ministry of Finance order 13 of 2016; ../../../../shared/domain.md "Customer receipt").
 */
export const PAPER = {
  /** The document's name: the last line before the footer (ФКЧ-1). */
  fiscal: 'ФІСКАЛЬНИЙ ЧЕК',
  testing: 'ТЕСТОВИЙ НЕФІСКАЛЬНИЙ ДОКУМЕНТ',
  /** A return is a "видатковий чек" that names the receipt it pays back. */
  returnTitle: 'ВИДАТКОВИЙ ЧЕК (ПОВЕРНЕННЯ)',
  returnOf: 'Повернення за чеком ФН',
  vatNumber: 'ПН',
  taxId: 'ІД',
  uktzed: 'УКТ ЗЕД',
  exciseMark: 'Акцизна марка',
  lineDiscount: 'Знижка',
  discount: 'ЗНИЖКА',
  sum: 'СУМА',
  rounding: 'ЗАОКРУГЛЕННЯ',
  toPay: 'ДО СПЛАТИ',
  toReturn: 'ДО ПОВЕРНЕННЯ',
  partial: 'ЧАСТКОВА ОПЛАТА',
  provided: 'Отримано',
  change: 'Решта',
  cashier: 'Касир',
  check: 'ЧЕК',
  register: 'ПРРО',
  fn: 'ФН',
  vn: 'ВН',
  online: 'онлайн',
  offline: 'офлайн',
  control: 'Контрольне число',
  offlineMark: 'ЧЕК СФОРМОВАНО В РЕЖИМІ ОФЛАЙН',
  pending: 'ФН ЧЕКА ЩЕ НЕ ПРИСВОЄНО',
  pendingNote: 'Податковий сервер ще не дав фіскальний номер: чек можна надрукувати знову, коли він з’явиться.',
} as const;
