// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CashdeskApi,
  DEFAULT_CUSTOMER_DISPLAY,
  DEFAULT_PRINTER,
  DEFAULT_PRINTER_DEVICE,
  DEFAULT_SCALE,
  DEFAULT_TERMINAL,
  type PublicSettings,
  QUICK_KEY_SLOTS,
} from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { useUi } from '../../state/ui-store.js';
import { keyRow } from '../prro-keys/key-row.testing.js';
import { SettingsScreen } from './SettingsScreen.js';

const start: PublicSettings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
  language: 'uk',
  hasApiKey: true,
  embedded: true,
  quickKeys: Array.from({ length: QUICK_KEY_SLOTS }, () => ({ code: '', label: '' })),
  timeZone: 'Europe/Kyiv',
  stampMasks: ['AAAA999999 9999999999'],
  cashRounding: '',
  idleLockMinutes: 5,
  printer: DEFAULT_PRINTER,
  terminal: DEFAULT_TERMINAL,
  printerDevice: DEFAULT_PRINTER_DEVICE,
  customerDisplay: DEFAULT_CUSTOMER_DISPLAY,
  scale: DEFAULT_SCALE,
  settingUp: true,
};
let current = start;
let signedIn: { id: number; name: string; role: 'cashier' | 'manager' } | null = null;
const bridge = {
  settingsGet: vi.fn(async () => current),
  settingsUpdate: vi.fn(async (patch: Partial<PublicSettings>) => {
    current = { ...current, ...patch } as PublicSettings;
    return current;
  }),
  serviceSet: vi.fn(async (change: { url: string; key?: string; queued?: 'keep' | 'send' }) => {
    current = { ...current, serviceUrl: change.url, embedded: change.url === '', hasApiKey: true };
    return current;
  }),
  serviceTest: vi.fn(async () => ({
    ok: false,
    latencyMs: null,
    upstream: null,
    error: { code: 'UNAUTHORIZED' as const, message: 'unknown key', details: [] },
  })),
  testConnection: vi.fn(),
  status: vi.fn(async () => ({
    queue: { queued: 2, sending: 0, refused: 1, reconcile: 0, elsewhere: 0 },
    upstream: null,
    cashier: signedIn,
  })),
  catalogSearch: vi.fn(async () => []),
  catalogItem: vi.fn(async () => null),
  printers: vi.fn(async () => ({ native: false, printers: [] })),
  read: vi.fn(async (method: string) => ({
    method,
    result: {
      upstream: { name: 'b', version: '1', resource: 'pos' },
      status: { code: 'OK', operation: method },
      rows: method === 'pos.prro_key_state' ? [keyRow({ unlocked: '0' })] : [],
    },
    stale: false,
    fetchedAt: '',
  })),
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  current = start;
  signedIn = null;
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsScreen />
    </QueryClientProvider>,
  );

describe('the settings screen', () => {
  it("says this till's signing key in a few words and opens the keys' screen on Alt+P", async () => {
    useUi.setState({ screen: 'settings' });
    show();
    const state = await screen.findByTestId('settings-prro-keys-state');
    expect(state.textContent).toBe('Ця каса: ключ заблоковано до введення пароля.');
    fireEvent.keyDown(window, { key: 'p', code: 'KeyP', altKey: true });
    expect(useUi.getState().screen).toBe('keys');
    useUi.setState({ screen: 'settings' });
    fireEvent.click(screen.getByTestId('settings-prro-keys-open'));
    expect(useUi.getState().screen).toBe('keys');
  });

  it('takes a new address only with its key, checked and saved together, never showing the key', async () => {
    show();
    fireEvent.change(await screen.findByTestId('settings-url'), { target: { value: 'http://store-server:8787' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    expect(await screen.findByText(/Для нової адреси введіть її ключ/)).toBeTruthy();
    expect(bridge.serviceSet).not.toHaveBeenCalled();

    const key = screen.getByTestId('settings-key') as HTMLInputElement;
    expect(key.type).toBe('password');
    fireEvent.change(key, { target: { value: 'secret-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenCalledWith({ url: 'http://store-server:8787', key: 'secret-key-0123456789' }),
    );
    await screen.findByTestId('settings-service-saved');
    expect(key.value).toBe('');
    expect(document.body.innerHTML).not.toContain('secret-key-0123456789');
  });

  it('warns, without refusing, that a key typed for an http:// address beyond the shop would travel unencrypted', async () => {
    show();
    const url = await screen.findByTestId('settings-url');
    fireEvent.change(url, { target: { value: 'http://store-server:8787' } });
    expect(screen.queryByTestId('settings-url-plain')).toBeNull();
    fireEvent.change(url, { target: { value: 'http://rpc.example.ua:8787' } });
    expect(screen.getByTestId('settings-url-plain').textContent).toMatch(/незашифрованим.*https:\/\//);
    fireEvent.change(screen.getByTestId('settings-key'), { target: { value: 'secret-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenCalledWith({ url: 'http://rpc.example.ua:8787', key: 'secret-key-0123456789' }),
    );
    fireEvent.change(url, { target: { value: 'https://rpc.example.ua' } });
    expect(screen.queryByTestId('settings-url-plain')).toBeNull();
  });

  it('tests a new address with the key typed for it, and says a refused key in words', async () => {
    show();
    fireEvent.change(await screen.findByTestId('settings-url'), { target: { value: 'http://store-server:8787' } });
    fireEvent.change(screen.getByTestId('settings-key'), { target: { value: 'typed-key-0123' } });
    fireEvent.click(screen.getByTestId('settings-test'));
    const result = await screen.findByTestId('settings-test-result');
    expect(bridge.serviceTest).toHaveBeenCalledWith({ url: 'http://store-server:8787', key: 'typed-key-0123' });
    expect(result.textContent).toContain('Сервер не прийняв ключ доступу');
  });

  it('asks what to do with writes still waiting, and switches keeping them only when told', async () => {
    bridge.serviceSet.mockRejectedValueOnce(new BridgeError('QUEUED_WRITES', '3 writes wait', []));
    show();
    fireEvent.change(await screen.findByTestId('settings-url'), { target: { value: 'http://store-server:8787' } });
    fireEvent.change(screen.getByTestId('settings-key'), { target: { value: 'secret-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    expect((await screen.findByTestId('settings-queued-text')).textContent).toContain('3 записи ще чекають на вбудовану службу');
    // Keeping is the answer Enter gives: the focus starts on it, and Tab reaches the others.
    const keep = screen.getByTestId('settings-queued-keep');
    expect(document.activeElement).toBe(keep);
    expect(screen.getByTestId('settings-queued-send')).toBeTruthy();
    expect(screen.getByTestId('settings-queued-wait')).toBeTruthy();
    fireEvent.click(keep);
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenLastCalledWith({
        url: 'http://store-server:8787',
        key: 'secret-key-0123456789',
        queued: 'keep',
      }),
    );
    expect(bridge.serviceSet).toHaveBeenCalledTimes(2);
    await screen.findByTestId('settings-service-saved');
    expect(screen.queryByTestId('settings-queued-text')).toBeNull();
  });

  it('sends the waiting writes to the new service only when told it is the same shop', async () => {
    bridge.serviceSet.mockRejectedValueOnce(new BridgeError('QUEUED_WRITES', '3 writes wait', []));
    show();
    fireEvent.change(await screen.findByTestId('settings-url'), { target: { value: 'http://store-server:8787' } });
    fireEvent.change(screen.getByTestId('settings-key'), { target: { value: 'secret-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    await screen.findByTestId('settings-queued-text');
    const choices = screen.getByTestId('settings-queued-choices').textContent ?? '';
    expect(choices).toContain('той самий магазин');
    expect(choices).toContain('жоден не буде записано двічі');
    expect(choices).toContain('нічого не зміниться');
    fireEvent.click(screen.getByTestId('settings-queued-send'));
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenLastCalledWith({
        url: 'http://store-server:8787',
        key: 'secret-key-0123456789',
        queued: 'send',
      }),
    );
    await screen.findByTestId('settings-service-saved');
    expect(screen.queryByTestId('settings-queued-text')).toBeNull();
    expect(document.body.innerHTML).not.toContain('secret-key-0123456789');
  });

  it('asks the same for a replacement key at the current address, and waiting changes nothing', async () => {
    current = { ...start, serviceUrl: 'http://store-server:8787', embedded: false };
    const refusal = new BridgeError('QUEUED_WRITES', '3 writes wait', []);
    bridge.serviceSet.mockRejectedValueOnce(refusal).mockRejectedValueOnce(refusal);
    show();
    fireEvent.change(await screen.findByTestId('settings-key'), { target: { value: 'replaced-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenCalledWith({ url: 'http://store-server:8787', key: 'replaced-key-0123456789' }),
    );
    expect((await screen.findByTestId('settings-queued-text')).textContent).toContain(
      '3 записи ще чекають на http://store-server:8787',
    );
    expect(screen.getByTestId('settings-queued-text').textContent).toContain('новий ключ');

    // Escape is "wait": the dialog goes, nothing is sent again, the typed key stays to decide later.
    fireEvent.keyDown(screen.getByTestId('settings-queued-keep'), { key: 'Escape' });
    expect(screen.queryByTestId('settings-queued-text')).toBeNull();
    expect(bridge.serviceSet).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('settings-service-error')).toBeNull();

    // Asked again, the person says the key was replaced at the same shop: the writes go with it.
    fireEvent.click(screen.getByTestId('settings-service-save'));
    fireEvent.click(await screen.findByTestId('settings-queued-send'));
    await waitFor(() =>
      expect(bridge.serviceSet).toHaveBeenLastCalledWith({
        url: 'http://store-server:8787',
        key: 'replaced-key-0123456789',
        queued: 'send',
      }),
    );
    expect(bridge.serviceSet).toHaveBeenCalledTimes(3);
    await screen.findByTestId('settings-service-saved');
  });

  it('says a service address that is not http(s), and switches to the embedded service without a key', async () => {
    current = { ...start, serviceUrl: 'http://store-server:8787', embedded: false };
    show();
    const url = (await screen.findByTestId('settings-url')) as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'ftp://shop' } });
    fireEvent.click(screen.getByTestId('settings-service-save'));
    expect(await screen.findByText(/Потрібна проста адреса http:\/\//)).toBeTruthy();
    expect(bridge.serviceSet).not.toHaveBeenCalled();
    fireEvent.change(url, { target: { value: '' } });
    expect((screen.getByTestId('settings-key') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('settings-service-save'));
    await waitFor(() => expect(bridge.serviceSet).toHaveBeenCalledWith({ url: '' }));
  });
});

describe('who may change what (issue 20, item 2)', () => {
  it("shows a locked till's identity read-only and offers only the language", async () => {
    current = { ...start, settingUp: false };
    show();
    expect((await screen.findByTestId('settings-access')).dataset.who).toBe('locked');
    expect((screen.getByTestId('settings-kasm') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByTestId('settings-url') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId('settings-till-save')).toBeNull();
    expect(screen.queryByTestId('settings-service-save')).toBeNull();
    expect(screen.queryByTestId('settings-key')).toBeNull();
    expect(screen.queryByTestId('settings-printer')).toBeNull();
    expect(screen.queryByTestId('settings-idle-minutes')).toBeNull();
    expect(screen.getByTestId('settings-test')).toBeTruthy();
  });

  it("shows a cashier the till's identity read-only, and the printer to set", async () => {
    current = { ...start, settingUp: false };
    signedIn = { id: 5, name: 'Шевчук Оксана Василівна', role: 'cashier' };
    show();
    await waitFor(() => expect(screen.getByTestId('settings-access').dataset.who).toBe('cashier'));
    expect((screen.getByTestId('settings-numprro') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId('settings-till-readonly').textContent).toBe('Змінює лише менеджер, який увійшов своєю карткою.');
    expect(screen.getByTestId('settings-printer')).toBeTruthy();
  });

  it("lets a manager change the till's identity", async () => {
    current = { ...start, settingUp: false };
    signedIn = { id: 2, name: 'Мельник Андрій Петрович', role: 'manager' };
    show();
    await waitFor(() => expect(screen.getByTestId('settings-access').dataset.who).toBe('manager'));
    fireEvent.change(screen.getByTestId('settings-kasm'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('settings-till-save'));
    await waitFor(() => expect(bridge.settingsUpdate).toHaveBeenCalled());
  });
});
