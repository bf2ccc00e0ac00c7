/**
 * Strings of the till's fiscal state (namespace 'fiscal'): the status bar's word on whether
 * receipts reach the tax server, and the sale screen's notice when a refusal stops them. Ukrainian first.
 */
export const strings = {
  uk: {
    bar: {
      sent: 'Чеки у податковій',
      sentTitle: 'Усі документи цієї каси прийняла податкова: чеки мають фіскальні номери.',
      sending_one: 'До податкової: {{count}}',
      sending_few: 'До податкової: {{count}}',
      sending_many: 'До податкової: {{count}}',
      sending_other: 'До податкової: {{count}}',
      sendingTitle_one: '{{count}} документ цієї каси надсилається до податкової.',
      sendingTitle_few: '{{count}} документи цієї каси надсилаються до податкової.',
      sendingTitle_many: '{{count}} документів цієї каси надсилаються до податкової.',
      sendingTitle_other: '{{count}} документа цієї каси надсилаються до податкової.',
      refused: 'Фіскалізацію зупинено',
      refusedTitle_one:
        'Податкова відхилила документ: {{count}} документ цієї каси не фіскалізовано. Покличте менеджера (черга ПРРО, F5).',
      refusedTitle_few:
        'Податкова відхилила документ: {{count}} документи цієї каси не фіскалізовано. Покличте менеджера (черга ПРРО, F5).',
      refusedTitle_many:
        'Податкова відхилила документ: {{count}} документів цієї каси не фіскалізовано. Покличте менеджера (черга ПРРО, F5).',
      refusedTitle_other:
        'Податкова відхилила документ: {{count}} документа цієї каси не фіскалізовано. Покличте менеджера (черга ПРРО, F5).',
      stale: 'Станом на останній зв’язок із сервером.',
    },
    shift: {
      closed: 'Зміну не відкрито: чек не закриється.',
      overdue: 'Зміна триває понад {{hours}} год: чек не закриється, доки її не закрито Z-звітом.',
      act: 'Товари можна сканувати, а оплатити — після відкриття зміни.',
      open: 'Зміна',
    },
    sale: {
      refused: 'Чеки не отримують фіскальних номерів.',
      why: 'Податкова відхилила {{doc}} (id {{id}}){{code}}: «{{text}}».',
      code: ', код {{code}}',
      waiting: 'Не фіскалізовано документів цієї каси: {{count}}.',
      act: 'Продавати можна, але чеки друкуються без фіскального номера й QR-коду. Покличте менеджера: він виправить або скасує документ у черзі ПРРО (F5).',
      stale: 'Так було під час останнього зв’язку із сервером.',
      docs: {
        receipt: 'чек',
        return: 'чек повернення',
        service_deposit: 'службове внесення',
        service_withdrawal: 'службову видачу',
        storno: 'сторно',
        shift_open: 'документ відкриття зміни',
        shift_close: 'документ закриття зміни',
        offline_begin: 'документ початку офлайну',
        offline_end: 'документ кінця офлайну',
        z_report: 'Z-звіт',
        other: 'документ',
      },
    },
  },
  en: {
    bar: {
      sent: 'Receipts with the tax server',
      sentTitle: 'The tax server has every document of this till: receipts have their fiscal numbers.',
      sending_one: 'To the tax server: {{count}}',
      sending_other: 'To the tax server: {{count}}',
      sendingTitle_one: '{{count}} document of this till is being sent to the tax server.',
      sendingTitle_other: '{{count}} documents of this till are being sent to the tax server.',
      refused: 'Fiscalisation stopped',
      refusedTitle_one:
        'The tax server refused a document: {{count}} document of this till is not fiscalised. Call the manager (PRRO queue, F5).',
      refusedTitle_other:
        'The tax server refused a document: {{count}} documents of this till are not fiscalised. Call the manager (PRRO queue, F5).',
      stale: 'As of the last contact with the server.',
    },
    shift: {
      closed: 'No shift is open: a receipt will not close.',
      overdue: 'The shift has run over {{hours}} hours: no receipt closes until it is closed with the Z-report.',
      act: 'Goods can be scanned, and paid for once a shift is open.',
      open: 'Shift',
    },
    sale: {
      refused: 'Receipts get no fiscal numbers.',
      why: 'The tax server refused {{doc}} (id {{id}}){{code}}: “{{text}}”.',
      code: ', code {{code}}',
      waiting: 'Documents of this till not fiscalised: {{count}}.',
      act: 'You can sell, but receipts print without a fiscal number or QR code. Call the manager: they correct or withdraw the document in the PRRO queue (F5).',
      stale: 'So it was at the last contact with the server.',
      docs: {
        receipt: 'a receipt',
        return: 'a return receipt',
        service_deposit: 'a cash deposit',
        service_withdrawal: 'a cash withdrawal',
        storno: 'a storno',
        shift_open: 'the shift opening',
        shift_close: 'the shift closing',
        offline_begin: 'an offline start',
        offline_end: 'an offline end',
        z_report: 'a Z-report',
        other: 'a document',
      },
    },
  },
};
