/** Strings of this screen (namespace 'settings'), Ukrainian first. */
export const strings = {
  uk: {
    title: 'Налаштування каси',
    saved: 'Збережено.',
    access: {
      setup:
        'На цій касі ще ніхто не входив: її налаштовують без входу. Щойно хтось увійде, номер каси, ПРРО й сервер змінюватиме лише менеджер.',
      manager: 'Ви ввійшли як менеджер: можна змінити все, зокрема номер каси, касу готівки, ПРРО й сервер.',
      cashier: 'Номер каси, касу готівки, ПРРО й сервер змінює лише менеджер: тут вони лише для перегляду.',
      locked:
        'Касу заблоковано: налаштування лише для перегляду, крім мови. Щоб змінити їх, увійдіть (F1); номер каси, ПРРО й сервер змінює менеджер.',
      identityNote: 'Змінює лише менеджер, який увійшов своєю карткою.',
    },
    service: {
      legend: 'Сервер і ключ доступу',
      url: 'Адреса служби',
      urlHint: 'Порожньо — вбудована служба на цьому комп’ютері',
      embedded: 'Зараз працює вбудована служба на цьому комп’ютері.',
      embeddedName: 'вбудовану службу',
      remote: 'Зараз каса працює зі службою {{url}}.',
      name: 'Служба: «{{name}}» версії {{version}}.',
      save: 'Перевірити й зберегти',
      saved: 'Перевірено й збережено: каса вже працює з цією службою.',
      plainHttp:
        'Адреса http:// поза цим комп’ютером і мережею магазину: ключ доступу піде до неї незашифрованим. Для такої служби використовуйте https://.',
    },
    key: {
      isSet: 'Ключ задано',
      notSet: 'Ключ не задано',
      never:
        'Адреса й ключ зберігаються разом і лише після перевірки. Каса ніколи не показує ключ і не надсилає його на іншу адресу.',
      field: 'Новий ключ (порожньо — лишити чинний)',
      fieldNew: 'Ключ для цієї адреси',
      embedded: 'У вбудованої служби свій ключ',
    },
    test: {
      run: 'Перевірити з’єднання',
      running: 'Перевірка…',
      ok: 'З’єднання є: відповідь за {{ms}} мс, служба «{{name}}» версії {{version}}.',
      failed: 'З’єднання немає.',
    },
    queued: {
      title: 'Є записи, що чекають відправлення',
      body_one:
        '{{count}} запис ще чекає на {{service}}. Нова адреса чи новий ключ — для каси це інша служба: саме ключ вирішує, в облік якого магазину потрапить запис. Що зробити із записом?',
      body_few:
        '{{count}} записи ще чекають на {{service}}. Нова адреса чи новий ключ — для каси це інша служба: саме ключ вирішує, в облік якого магазину потрапить запис. Що зробити із записами?',
      body_many:
        '{{count}} записів ще чекають на {{service}}. Нова адреса чи новий ключ — для каси це інша служба: саме ключ вирішує, в облік якого магазину потрапить запис. Що зробити із записами?',
      body_other:
        '{{count}} записів ще чекають на {{service}}. Нова адреса чи новий ключ — для каси це інша служба: саме ключ вирішує, в облік якого магазину потрапить запис. Що зробити із записами?',
      keep: 'Перемкнути, а записи лишити для старої',
      keepText:
        'каса перемкнеться, а записи й далі чекатимуть на {{service}}: вони надішлються туди, коли каса знову працюватиме з цією службою й тим самим ключем, що зараз (або коли ви надішлете їх на поточну службу у «Відправленні», F8).',
      send: 'Надіслати їх на нову',
      sendText:
        'каса перемкнеться, і записи підуть на нову адресу чи з новим ключем. Обирайте це, лише якщо це той самий магазин (та сама база): сервер магазину переїхав на нову адресу або йому замінили ключ. Служба впізнає запис, який уже виконала, тож жоден не буде записано двічі.',
      wait: 'Зачекати, нічого не змінювати',
      waitText: 'нічого не зміниться: каса лишиться з чинними адресою й ключем, записи чекатимуть, як досі.',
    },
    quick: {
      legend: 'Швидкі клавіші товарів',
      note: 'Товари без штрихкоду — на екрані продажу під клавішами Alt+1…Alt+9 і кнопками. Введіть код або почніть назву.',
      slot: 'Клавіша {{n}}',
      code: 'Код товару',
      label: 'Підпис (порожньо — назва товару)',
      save: 'Зберегти швидкі клавіші',
      unknown: 'Товару з кодом {{code}} немає в каталозі каси.',
      clear: 'Очистити',
    },
    till: {
      legend: 'Ця каса',
      kasm: 'Номер каси',
      akas: 'Грошова скринька',
      numprro: 'Фіскальний номер ПРРО',
      numprroHint: 'Порожньо — каса без ПРРО',
      save: 'Зберегти касу',
    },
    language: {
      legend: 'Мова інтерфейсу',
      uk: 'Українська',
      en: 'English',
    },
    problems: {
      url: 'Потрібна проста адреса http:// або https:// — без імені користувача, пароля, «?» чи «#» (або залиште порожньо для вбудованої служби)',
      keyShort: 'Ключ має містити від 8 до 512 символів',
      keyNeeded: 'Для нової адреси введіть її ключ: чинний ключ на іншу адресу не надсилається',
      keyChars: 'Ключ — лише латинські літери, цифри та знаки, без пробілів',
      kasm: 'Номер каси — ціле число від 1',
      akas: 'Вкажіть грошову скриньку, напр. KAS1',
      numprro: 'Фіскальний номер ПРРО — лише цифри (або порожньо)',
    },
    keys: {
      legend: 'Клавіші',
      save: 'зберегти поле, в якому курсор',
      test: 'перевірити з’єднання',
      key: 'до поля ключа',
      language: 'змінити мову',
      prroKeys: 'ключі КЕП',
    },
  },
  en: {
    title: 'Till settings',
    access: {
      setup:
        "Nobody has signed in at this till yet: it is set up without signing in. Once someone signs in, only a manager changes the till's number, PRRO and server.",
      manager:
        "You are signed in as a manager: you may change everything, the till's number, cash box, PRRO and server included.",
      cashier: "Only a manager changes the till's number, cash box, PRRO and server: here they are shown, not changed.",
      locked:
        "The till is locked: its settings are shown, not changed, but for the language. To change them, sign in (F1); the till's number, PRRO and server are a manager's.",
      identityNote: 'Changed only by a manager signed in with their card.',
    },
    saved: 'Saved.',
    service: {
      legend: 'Server and access key',
      url: 'Service address',
      urlHint: 'Empty: the embedded service on this computer',
      embedded: 'The embedded service on this computer is in use now.',
      embeddedName: 'the embedded service',
      remote: 'The till works with the service at {{url}} now.',
      name: 'Service: "{{name}}" version {{version}}.',
      save: 'Check and save',
      saved: 'Checked and saved: the till works with this service now.',
      plainHttp:
        'An http:// address beyond this computer and the shop’s network: the access key would travel to it unencrypted. Use https:// for such a service.',
    },
    key: {
      isSet: 'A key is set',
      notSet: 'No key is set',
      never:
        'The address and key are saved together and only once checked. The till never shows the key and never sends it to another address.',
      field: 'New key (empty: keep the current one)',
      fieldNew: 'The key for this address',
      embedded: 'The embedded service has a key of its own',
    },
    test: {
      run: 'Test the connection',
      running: 'Testing…',
      ok: 'Connected: answered in {{ms}} ms, service "{{name}}" version {{version}}.',
      failed: 'No connection.',
    },
    queued: {
      title: 'Writes are waiting to be sent',
      body_one:
        "{{count}} write still waits for {{service}}. A new address or a new key is another service to the till: the key decides which shop's back office a write reaches. What should happen to it?",
      body_other:
        "{{count}} writes still wait for {{service}}. A new address or a new key is another service to the till: the key decides which shop's back office a write reaches. What should happen to them?",
      keep: 'Switch, keep them for the old one',
      keepText:
        'the till switches, and the writes keep waiting for {{service}}: they are sent there when the till is pointed there again with the same key as now (or when you send them to the current service from the Outbox, F8).',
      send: 'Send them to the new one',
      sendText:
        "the till switches, and the writes go to the new address or with the new key. Choose this only if it is the same shop (its database): the shop's server moved to a new address, or its key was replaced. The service recognises a write it already performed, so none is recorded twice.",
      wait: 'Wait, change nothing',
      waitText: 'nothing changes: the till keeps its current address and key, and the writes wait as they do now.',
    },
    quick: {
      legend: 'Product quick keys',
      note: 'Goods without a barcode, on the sale screen under Alt+1…Alt+9 and buttons. Type a code or the start of a name.',
      slot: 'Key {{n}}',
      code: 'Product code',
      label: 'Label (empty: the product name)',
      save: 'Save the quick keys',
      unknown: 'There is no product {{code}} in the till catalogue.',
      clear: 'Clear',
    },
    till: {
      legend: 'This till',
      kasm: 'Till number',
      akas: 'Cash box',
      numprro: 'PRRO fiscal number',
      numprroHint: 'Empty: a till without a PRRO',
      save: 'Save the till',
    },
    language: {
      legend: 'Interface language',
      uk: 'Українська',
      en: 'English',
    },
    problems: {
      url: 'A plain http:// or https:// address is needed, without a user name, password, “?” or “#” (or leave it empty for the embedded service)',
      keyShort: 'A key has 8 to 512 characters',
      keyNeeded: 'Enter the key of the new address: the current key is never sent to another address',
      keyChars: 'A key has Latin letters, digits and signs only, without spaces',
      kasm: 'A till number is a whole number from 1',
      akas: 'Name the cash box, e.g. KAS1',
      numprro: 'A PRRO fiscal number is digits only (or empty)',
    },
    keys: {
      legend: 'Keys',
      save: 'save the field the cursor is in',
      test: 'test the connection',
      key: 'to the key field',
      language: 'switch the language',
      prroKeys: 'КЕП keys',
    },
  },
};
