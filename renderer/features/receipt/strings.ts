/** Strings of the receipt's dialogs and the printer settings (namespace 'receipt'), Ukrainian first. The paper's own words: paper-words.ts. */
export const strings = {
  uk: {
    title: {
      preview: 'Друкувати чек № {{nc}}?',
      previewReturn: 'Друкувати чек повернення № {{nc}}?',
      screen: 'Електронний чек № {{nc}}',
      screenReturn: 'Електронний чек повернення № {{nc}}',
      failed: 'Чек № {{nc}} не надруковано',
    },
    actions: {
      print: 'Друкувати',
      skip: 'Не друкувати',
      close: 'Закрити',
      retry: 'Спробувати ще раз',
    },
    pending:
      'Податковий сервер ще не дав чеку фіскальний номер. Чек оновиться, коли номер надійде; тоді його можна надрукувати знову (F6, Alt+P).',
    offline: 'Чек сформовано в режимі офлайн: він має офлайн-номер і контрольне число.',
    failure: {
      not_connected:
        'Принтер «{{printer}}» не підключено до цього комп’ютера. Перевірте кабель і живлення або виберіть інший у Налаштуваннях (F9).',
      no_printer: 'До цього комп’ютера не підключено жодного принтера.',
      error: 'Принтер не надрукував чек. Перевірте папір і кришку принтера.',
      load: 'Не вдалося отримати чек у бек-офісу.',
    },
    later: 'Чек можна надрукувати пізніше з журналу чеків (F6, Alt+P).',
    reprint: 'Надрукувати чек знову',
    printer: {
      legend: 'Принтер чеків',
      name: 'Принтер',
      systemDefault: 'Принтер за замовчуванням системи',
      notListed: '{{name}} (не підключено)',
      browser: 'Режим браузера: чек друкується через вікно друку браузера, там же вибираються принтер і копії.',
      width: 'Ширина стрічки',
      mm: '{{width}} мм',
      copies: 'Копій',
      askEachTime: 'Показувати чек і питати перед друком (Enter — друкувати, Esc — ні)',
      eReceiptOnly: 'Лише електронний чек: без паперу, чек показується на екрані',
      save: 'Зберегти',
    },
  },
  en: {
    title: {
      preview: 'Print receipt No. {{nc}}?',
      previewReturn: 'Print return receipt No. {{nc}}?',
      screen: 'E-receipt No. {{nc}}',
      screenReturn: 'Return e-receipt No. {{nc}}',
      failed: 'Receipt No. {{nc}} was not printed',
    },
    actions: {
      print: 'Print',
      skip: "Don't print",
      close: 'Close',
      retry: 'Try again',
    },
    pending:
      'The tax server has not given the receipt its fiscal number yet. The receipt updates when the number arrives; then it can be printed again (F6, Alt+P).',
    offline: 'The receipt was made offline: it has an offline number and a control number.',
    failure: {
      not_connected:
        'The printer "{{printer}}" is not connected to this computer. Check its cable and power, or choose another in Settings (F9).',
      no_printer: 'No printer is connected to this computer.',
      error: 'The printer did not print the receipt. Check its paper and its lid.',
      load: 'The receipt could not be read from the back office.',
    },
    later: 'The receipt can be printed later from the receipts journal (F6, Alt+P).',
    reprint: 'Print the receipt again',
    printer: {
      legend: 'Receipt printer',
      name: 'Printer',
      systemDefault: "The system's default printer",
      notListed: '{{name}} (not connected)',
      browser:
        "Browser mode: the receipt is printed through the browser's print window, where the printer and copies are chosen.",
      width: 'Paper width',
      mm: '{{width}} mm',
      copies: 'Copies',
      askEachTime: 'Show the receipt and ask before printing (Enter: print, Esc: not)',
      eReceiptOnly: 'E-receipt only: no paper, the receipt is shown on the screen',
      save: 'Save',
    },
  },
};
