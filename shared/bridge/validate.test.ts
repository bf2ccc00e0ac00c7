import { describe, expect, it } from 'vitest';
import { type BridgeCheck, checkBridgeArgs, serviceUrlProblem } from './validate.js';

const KEY = 'k3y-abcdefgh';

const issuesOf = (check: BridgeCheck) => (check.ok ? [] : check.issues);

describe('the service address at the bridge', () => {
  const PLAIN = [
    'http://127.0.0.1:8787',
    'http://shop-server.local:8787/',
    'https://rpc.example.ua/base/path',
    'http://[::1]:8787',
    'https://RPC.example.ua:443/rpc/',
  ];

  it.each(['serviceSet', 'serviceTest'] as const)('%s takes the embedded service and plain http(s) addresses', (message) => {
    for (const url of PLAIN)
      expect(checkBridgeArgs(message, [{ url, key: KEY }]), url).toEqual({ ok: true, args: [{ url, key: KEY }] });
    expect(checkBridgeArgs(message, [{ url: '' }])).toEqual({ ok: true, args: [{ url: '' }] });
  });

  it('refuses the addresses a reader takes for one host and node:http sends to another', () => {
    // What node:http does with them (WHATWG URL): the key would go to evil.invalid.
    expect(new URL('http://evil.invalid\\@127.0.0.1:9').hostname).toBe('evil.invalid');
    expect(new URL('http://127.0.0.1:9@evil.invalid').hostname).toBe('evil.invalid');
    for (const message of ['serviceSet', 'serviceTest'] as const) {
      expect(issuesOf(checkBridgeArgs(message, [{ url: 'http://evil.invalid\\@127.0.0.1:9', key: KEY }]))).toEqual([
        { path: 'change.url', problem: 'must not contain a backslash' },
      ]);
      expect(issuesOf(checkBridgeArgs(message, [{ url: 'http://127.0.0.1:9@evil.invalid', key: KEY }]))).toEqual([
        { path: 'change.url', problem: 'must not carry a user name or password' },
      ]);
    }
  });

  const REFUSED: [string, RegExp][] = [
    // user info
    ['http://user:secret@rpc.example.ua', /user name or password/],
    ['http://user@rpc.example.ua:8787/', /user name or password/],
    ['http://@rpc.example.ua', /user name or password/],
    ['http://:@rpc.example.ua', /user name or password/],
    // backslashes, which the parser reads as slashes
    ['http://127.0.0.1:8787\\rpc', /backslash/],
    ['http:\\\\evil.invalid', /backslash/],
    ['https://rpc.example.ua/base\\..\\x', /backslash/],
    // query and fragment
    ['http://127.0.0.1:8787/?key=1', /query or fragment/],
    ['http://127.0.0.1:8787?', /query or fragment/],
    ['http://127.0.0.1:8787#', /query or fragment/],
    ['https://rpc.example.ua/base#frag', /query or fragment/],
    ['http://127.0.0.1:8787#@evil.invalid', /query or fragment/],
    // not http(s)
    ['ftp://rpc.example.ua', /http or https/],
    ['file:///etc/passwd', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['ws://127.0.0.1:8787', /http or https/],
    // no host, or not written as //host
    ['http://', /http\(s\) URL/],
    ['http://:8787', /http\(s\) URL/],
    ['http:///evil.invalid', /http\(s\) URL/],
    ['http:evil.invalid', /http\(s\) URL/],
    ['http:/evil.invalid', /http\(s\) URL/],
    ['rpc.example.ua', /http\(s\) URL/],
    ['http://127.0.0.1:99999', /http\(s\) URL/],
    // controls, spaces and invisible characters: the parser drops or trims some of them
    ['http://ev\til.invalid', /spaces, control/],
    ['http://127.0.0.1:8787/\n', /spaces, control/],
    [' http://127.0.0.1:8787', /spaces, control/],
    ['http://shop example', /spaces, control/],
    ['http://127.0.0.1:8787\u0000', /spaces, control/],
    ['http://127.0.0.1\u00a0:8787', /spaces, control/],
    ['http://\u202eau.elpmaxe.cpr', /spaces, control/],
    ['http://rpc\u200b.example.ua', /spaces, control/],
    // a host spelt in escapes
    ['http://evil%2Einvalid', /%-escapes/],
  ];

  it.each(REFUSED)('refuses %j', (url, words) => {
    for (const message of ['serviceSet', 'serviceTest'] as const) {
      const issues = issuesOf(checkBridgeArgs(message, [{ url, key: KEY }]));
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toBe('change.url');
      expect(issues[0]?.problem).toMatch(words);
    }
    expect(serviceUrlProblem(url)).toMatch(words);
  });

  it('the words say what is wrong', () => {
    expect(serviceUrlProblem('http://a:b@rpc.example.ua')).toBe('must not carry a user name or password');
    expect(serviceUrlProblem('http://rpc.example.ua/?x')).toBe('must not carry a query or fragment');
    expect(serviceUrlProblem('ftp://rpc.example.ua')).toBe('must be an http or https URL');
    expect(serviceUrlProblem('http://rpc.example.ua\\')).toBe('must not contain a backslash');
  });
});

describe('the ESC/POS printer at the bridge', () => {
  it('takes a paper by one target, each number within the contract of the read it names', () => {
    for (const target of [{ checkNumber: 1042 }, { returnId: 7 }, { docId: 88 }, { shift: { kasm: 1, shiftId: 0 } }])
      expect(checkBridgeArgs('printPaper', [target])).toEqual({ ok: true, args: [target] });
    for (const bad of [
      {},
      { checkNumber: 1, docId: 2 },
      { checkNumber: 0 },
      { checkNumber: '12' },
      { docId: 2 ** 31 },
      { html: '<p>ФІСКАЛЬНИЙ ЧЕК</p>' },
      { shift: { kasm: -1, shiftId: 0 } },
    ])
      expect(checkBridgeArgs('openDrawer', [bad]).ok, JSON.stringify(bad)).toBe(false);
    expect(checkBridgeArgs('printPaper', [{ checkNumber: 1 }, { checkNumber: 2 }]).ok).toBe(false);
  });

  it('takes the device’s settings only with a listed width, speed and code page, and addresses that name nothing else', () => {
    const ok = { connection: 'tcp', host: '192.168.1.50', port: 9100, columns: 42, codePage: 'windows1251', codeTable: 46 };
    expect(checkBridgeArgs('settingsUpdate', [{ printerDevice: ok }]).ok).toBe(true);
    expect(checkBridgeArgs('settingsUpdate', [{ printerDevice: { serialPath: 'COM3', baud: 19200 } }]).ok).toBe(true);
    expect(checkBridgeArgs('settingsUpdate', [{ printerDevice: { serialPath: '/dev/ttyUSB0' } }]).ok).toBe(true);
    expect(checkBridgeArgs('settingsUpdate', [{ printerDevice: { share: 'XPrinter 58' } }]).ok).toBe(true);
    for (const [field, value] of [
      ['columns', 40],
      ['baud', 12345],
      ['codePage', 'utf8'],
      ['connection', 'usb'],
      ['port', 0],
      ['host', 'printer.local/../x'],
      ['host', 'http://10.0.0.5'],
      ['serialPath', '/etc/passwd/../x y'],
      ['serialPath', 'C:\\Windows\\x'],
      ['share', '..\\admin$'],
      ['share', 'a/b'],
    ] as const) {
      const check = checkBridgeArgs('settingsUpdate', [{ printerDevice: { [field]: value } }]);
      expect(
        issuesOf(check).map((i) => i.path),
        `${field} ${value}`,
      ).toEqual([`patch.printerDevice.${field}`]);
    }
  });

  it('takes the customer display’s settings only with a listed speed, a serial port and a bounded greeting', () => {
    const ok = { enabled: true, serialPath: 'COM4', baudRate: 9600, codePage: 'cp866', codeTable: 17, greeting: 'Вітаємо!' };
    expect(checkBridgeArgs('settingsUpdate', [{ customerDisplay: ok }])).toEqual({ ok: true, args: [{ customerDisplay: ok }] });
    for (const [field, value] of [
      ['baudRate', 12345],
      ['codePage', 'utf8'],
      ['codeTable', 256],
      ['serialPath', '/etc/passwd/../x y'],
      ['greeting', 'Є'.repeat(41)],
      ['greeting', 'Вітаємо\u001b@'],
      ['enabled', 'yes'],
    ] as const) {
      const check = checkBridgeArgs('settingsUpdate', [{ customerDisplay: { [field]: value } }]);
      expect(
        issuesOf(check).map((i) => i.path),
        `${field} ${value}`,
      ).toEqual([`patch.customerDisplay.${field}`]);
    }
  });

  it('takes what happened for the customer display by its kind, with exact decimals and a bounded name', () => {
    const views = [
      { kind: 'idle' },
      { kind: 'line', name: 'Молоко 2,5%', quantity: '0.375', price: '42.90', sum: '16.09' },
      { kind: 'total', total: '1234.50' },
      { kind: 'paid', paid: '1300', change: '65.50' },
    ];
    for (const v of views) expect(checkBridgeArgs('customerDisplay', [v]), v.kind).toEqual({ ok: true, args: [v] });
    for (const [bad, path] of [
      [{ kind: 'receipt' }, 'view.kind'],
      [null, 'view.kind'],
      [{ kind: 'total', total: 12.5 }, 'view.total'],
      [{ kind: 'total', total: '1e3' }, 'view.total'],
      [{ kind: 'total', total: '-5.00' }, 'view.total'],
      [{ kind: 'total', total: '1.00', html: '<b>' }, 'view.html'],
      [{ kind: 'paid', paid: '10.00' }, 'view.change'],
      [{ kind: 'line', name: 'x'.repeat(257), quantity: '1', price: '1', sum: '1' }, 'view.name'],
      [{ kind: 'line', name: 'Хліб\u001b@', quantity: '1', price: '1', sum: '1' }, 'view.name'],
      [{ kind: 'idle', total: '1' }, 'view.total'],
    ] as const)
      expect(
        issuesOf(checkBridgeArgs('customerDisplay', [bad])).map((i) => i.path),
        JSON.stringify(bad),
      ).toEqual([path]);
    expect(checkBridgeArgs('customerDisplay', []).ok).toBe(false);
    expect(checkBridgeArgs('customerDisplayTest', [{}]).ok).toBe(false);
  });
});
