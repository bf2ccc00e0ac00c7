// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n.js';
import { useUi } from '../../../state/ui-store.js';
import { ManagerConfirmDialog } from '../../people/ManagerConfirmDialog.js';
import { useManagerConfirm } from '../../people/manager-confirm.js';
import { installBridge, keyBridge, refusal } from '../key-bridge.testing.js';
import { keyRow, noKey } from '../key-row.testing.js';
import { KeysScreen } from './KeysScreen.js';

const bridge = keyBridge();
const PASSWORD = 'Ключ-2025';

beforeAll(() => {
  initI18n('uk');
  installBridge(bridge);
});
beforeEach(() => {
  bridge.role = 'manager';
  bridge.rows = [keyRow(), keyRow({ kasm: '2', numprro: '4000211452', unlocked: '0' })];
  useUi.setState({ screen: 'keys' });
  useManagerConfirm.setState({ request: null });
});
afterEach(() => {
  cleanup();
  for (const fn of [bridge.read, bridge.loadKey, bridge.unlockKey, bridge.setKeyUnattended, bridge.confirmManager, bridge.write])
    fn.mockClear();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <KeysScreen />
      <ManagerConfirmDialog />
    </QueryClientProvider>,
  );
  return screen.findByTestId('key-facts');
}

const alt = (code: string) => act(() => fireEvent.keyDown(window, { key: code.slice(3).toLowerCase(), code, altKey: true }));
const key = (k: string) => act(() => fireEvent.keyDown(window, { key: k }));
const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\u00a0/g, ' ');
const typePassword = (id: string, value = PASSWORD) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const pick = (id: string, file: File) => fireEvent.change(screen.getByTestId(id), { target: { files: [file] } });
const keyFile = (bytes: number[] = [0x30, 0x82, 0x01, 0x0a], name = 'Key-6.dat') => new File([new Uint8Array(bytes)], name);

/** A promise the test settles itself, for what shows while the service opens the key. */
function held<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((ok, no) => {
    resolve = ok;
    reject = no;
  });
  return { promise, resolve, reject };
}

async function managerConfirms() {
  const dialog = await screen.findByTestId('manager-confirm');
  fireEvent.change(screen.getByTestId('manager-card'), { target: { value: '1002' } });
  fireEvent.change(screen.getByTestId('manager-pin'), { target: { value: '2002' } });
  fireEvent.click(screen.getByTestId('manager-ok'));
  return dialog;
}

describe("the registers' keys screen", () => {
  it('shows this till’s key: owner, tax numbers, issuer, validity with days left, the register, its state and server', async () => {
    bridge.rows = [keyRow({ drfo: '3012345678', unsigned: '0' }), keyRow({ kasm: '2', numprro: '4000211452' })];
    await show();
    expect(text('key-register')).toBe('ПРРО № 4000211451, каса 1');
    expect(text('key-owner')).toBe('ТОВ "Колосок"');
    expect(text('key-drfo')).toBe('3012345678');
    expect(text('key-edrpou')).toBe('34554355');
    expect(text('key-issuer')).toBe('КНЕДП ДПС');
    expect(text('key-validity')).toBe('з 10.01.2025 по 10.01.2027 · лишилося 420 днів');
    expect(screen.getByTestId('key-lock').dataset.lock).toBe('unlocked');
    expect(text('key-unattended-state')).toBe('вимкнено');
    expect(text('key-unsigned')).toBe('нічого');
    expect(text('key-server')).toBe('справжній сервер ДПС');
    expect(text('key-device')).toBe('ця інсталяція');
    expect(screen.queryByTestId('key-expiring')).toBeNull();
    expect(bridge.read).toHaveBeenCalledWith('pos.prro_key_state', { kasm: 0 });
  });

  it('chooses a till with ↑ ↓, shows how many documents wait for its signature, and goes back to the settings on Esc', async () => {
    bridge.rows = [keyRow(), keyRow({ kasm: '2', numprro: '4000211452', unlocked: '0', unsigned: '3' })];
    await show();
    key('ArrowDown');
    expect(screen.getByTestId('key-facts').dataset.kasm).toBe('2');
    expect(text('key-unsigned')).toBe('3 документи');
    expect(screen.getByTestId('keys-row-2').dataset.state).toBe('locked');
    key('ArrowUp');
    expect(screen.getByTestId('key-facts').dataset.kasm).toBe('1');
    key('Escape');
    expect(useUi.getState().screen).toBe('settings');
  });

  it('warns from 30 days before the certificate ends, and says an expired key is an error', async () => {
    bridge.rows = [keyRow({ days_left: '12', expiry_warning: '1' })];
    await show();
    expect(text('key-expiring')).toBe(
      'Сертифікат ключа спливає через 12 днів (10.01.2027). Замовте новий ключ у свого надавача (КНЕДП) і завантажте його тут, щоб каса не зупинилася.',
    );
    expect(screen.getByTestId('key-validity').dataset.expiry).toBe('soon');
    cleanup();
    bridge.rows = [keyRow({ days_left: '-3', expiry_warning: '1', valid_to: '2026-03-01' })];
    await show();
    const expired = screen.getByTestId('key-expired');
    expect(expired.getAttribute('role')).toBe('alert');
    expect(expired.textContent).toContain('втратив чинність 01.03.2026');
    expect(text('key-validity')).toContain('прострочено');
    expect(screen.getByTestId('keys-row-1').dataset.state).toBe('expired');
  });

  it('says in full what the status bar’s chip says in a few words: the key is locked, documents wait, Alt+U', async () => {
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '3' })];
    await show();
    const notice = screen.getByTestId('key-waiting-notice');
    expect(notice.dataset.kind).toBe('locked');
    expect(notice.textContent).toBe(
      'Ключ КЕП заблоковано: 3 документи чекають на підпис. Розблокуйте ключ паролем (Alt+U): документи підпишуться й підуть до податкової.',
    );
    cleanup();
    // Nothing waits, or the key signs: nothing to say.
    for (const row of [keyRow({ unlocked: '0' }), keyRow({ unsigned: '2' })]) {
      bridge.rows = [row];
      await show();
      expect(screen.queryByTestId('key-waiting-notice')).toBeNull();
      cleanup();
    }
  });

  it('says a missing key on the real tax server leaves documents waiting', async () => {
    bridge.rows = [noKey()];
    await show();
    expect(text('key-missing')).toContain('її документи чекатимуть на підпис');
    expect(text('key-lock')).toBe('Для цього ПРРО ключ не завантажено.');
    expect((screen.getByTestId('keys-action-unlock') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('loading a key', () => {
  it('reads the files as base64, sends the password once, says the service is opening it, then clears it', async () => {
    bridge.rows = [noKey()];
    await show();
    const answer = held<unknown>();
    bridge.loadKey.mockImplementationOnce(() => answer.promise);
    alt('KeyL');
    await screen.findByTestId('key-load');
    pick('key-load-container', keyFile());
    pick('key-load-certificate', keyFile([0x30, 0x82, 0x05], 'sign.cer'));
    typePassword('key-load-password');
    fireEvent.click(screen.getByTestId('key-load-cashier'));
    fireEvent.click(screen.getByTestId('key-load-submit'));
    expect((await screen.findByTestId('key-load-busy')).textContent).toContain('близько секунди');
    expect(bridge.loadKey).toHaveBeenCalledWith(
      { kasm: 1, container: 'MIIBCg==', password: PASSWORD, certificate: 'MIIF', cashier_registered: true },
      {},
    );
    // The field is empty as soon as the call is made: the password is not kept for its answer.
    expect((screen.getByTestId('key-load-password') as HTMLInputElement).value).toBe('');
    await act(async () => answer.resolve({ rows: [keyRow()] }));
    expect(screen.queryByTestId('key-load')).toBeNull();
    expect(text('keys-notice')).toBe('Ключ завантажено й розблоковано на зміну: ТОВ "Колосок", чинний до 10.01.2027.');
    expect(bridge.write).not.toHaveBeenCalled();
  });

  it('says a refusal in Ukrainian, keeps the dialog open, and leaves the password field empty', async () => {
    bridge.rows = [noKey()];
    bridge.loadKey.mockRejectedValueOnce(refusal('key.password'));
    await show();
    alt('KeyL');
    await screen.findByTestId('key-load');
    pick('key-load-container', keyFile());
    typePassword('key-load-password');
    fireEvent.click(screen.getByTestId('key-load-submit'));
    expect((await screen.findByTestId('key-load-error')).textContent).toContain(
      'Пароль не підходить до цього ключа, або файл ключа пошкоджено.',
    );
    expect(screen.getByTestId('key-load')).toBeTruthy();
    expect((screen.getByTestId('key-load-password') as HTMLInputElement).value).toBe('');
  });

  it('picks the files with a button in Ukrainian that opens the hidden picker, and names the file chosen', async () => {
    bridge.rows = [noKey()];
    await show();
    alt('KeyL');
    await screen.findByTestId('key-load');
    const button = screen.getByTestId('key-load-container-pick');
    // The dialog opens on it, and the browser's own control ("Choose File", in its language) is never shown.
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Обрати файл…');
    const input = screen.getByTestId('key-load-container') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.hidden).toBe(true);
    expect(input.tabIndex).toBe(-1);
    // The label names the button: a click on either opens the picker.
    const label = document.getElementById(button.getAttribute('aria-labelledby')?.split(' ')[0] ?? '');
    expect(label?.textContent).toBe('Файл ключа (Key-6.dat, .jks, .pfx, .pk8)');
    expect(label?.getAttribute('for')).toBe(button.id);
    let opened = 0;
    input.addEventListener('click', () => opened++);
    fireEvent.click(button);
    expect(opened).toBe(1);
    expect(text('key-load-container-name')).toBe('Файл не обрано');
    expect(text('key-load-certificate-name')).toBe('Файл не обрано');
    pick('key-load-container', keyFile());
    expect(text('key-load-container-name')).toBe('Key-6.dat');
    expect(screen.getByTestId('key-load-container-name').dataset.chosen).toBe('yes');
    // The chosen file's name is what the button is described by.
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('key-load-container-name').id);
    expect(text('key-load-certificate-name')).toBe('Файл не обрано');
  });

  it('refuses a missing file, a file over the limit and an empty password before anything is sent', async () => {
    bridge.rows = [noKey()];
    await show();
    alt('KeyL');
    await screen.findByTestId('key-load');
    fireEvent.click(screen.getByTestId('key-load-submit'));
    expect((await screen.findByText('Оберіть файл ключа')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Введіть пароль ключа')).toBeTruthy();
    pick(
      'key-load-container',
      keyFile(
        Array.from({ length: 64 * 1024 + 1 }, () => 1),
        'big.pfx',
      ),
    );
    typePassword('key-load-password');
    fireEvent.click(screen.getByTestId('key-load-submit'));
    expect(await screen.findByText('Файл «big.pfx» завеликий: 65537 байт, можна щонайбільше 65536.')).toBeTruthy();
    expect(bridge.loadKey).not.toHaveBeenCalled();
  });
});

describe('a cashier who is not a manager', () => {
  it("gets the manager's confirmation first, for the key's till, and it goes with the unlock", async () => {
    bridge.role = 'cashier';
    await show();
    key('ArrowDown');
    alt('KeyU');
    const dialog = await screen.findByTestId('manager-confirm');
    expect(dialog.dataset.action).toBe('key_unlock');
    expect(screen.queryByTestId('key-unlock')).toBeNull();
    await managerConfirms();
    await screen.findByTestId('key-unlock');
    expect(bridge.confirmManager).toHaveBeenCalledWith(expect.objectContaining({ kasm: 2, action: 'key_unlock' }));
    // A wrong password does not spend the confirmation: the next try carries it without asking again.
    bridge.unlockKey.mockRejectedValueOnce(refusal('key.password'));
    typePassword('key-unlock-password', 'wrong');
    fireEvent.click(screen.getByTestId('key-unlock-submit'));
    expect((await screen.findByTestId('key-unlock-error')).textContent).toContain('Пароль не підходить');
    typePassword('key-unlock-password');
    fireEvent.click(screen.getByTestId('key-unlock-submit'));
    await waitFor(() => expect(screen.queryByTestId('key-unlock')).toBeNull());
    expect(bridge.unlockKey.mock.calls).toEqual([
      [{ kasm: 2, password: 'wrong' }, { confirmation: 77 }],
      [{ kasm: 2, password: PASSWORD }, { confirmation: 77 }],
    ]);
    expect(bridge.confirmManager).toHaveBeenCalledTimes(1);
    expect(text('keys-notice')).toBe('Ключ каси 2 розблоковано до кінця зміни.');
  });

  it('changes nothing when the manager does not confirm', async () => {
    bridge.role = 'cashier';
    await show();
    alt('KeyL');
    await screen.findByTestId('manager-confirm');
    fireEvent.click(screen.getByTestId('manager-cancel'));
    expect(await screen.findByText('Менеджер не підтвердив: нічого не змінено.')).toBeTruthy();
    expect(screen.queryByTestId('key-load')).toBeNull();
  });
});

describe('unattended signing', () => {
  it('says what it protects and what not, and takes the password to turn it on', async () => {
    await show();
    alt('KeyA');
    await screen.findByTestId('key-unattended');
    expect(text('key-unattended-what')).toContain('Z-звіт уночі');
    expect(text('key-unattended-risk')).toBe(
      'Копія самої бази даних пароля не розкриє. Але той, хто може читати файли сервера або працює від його імені, зможе підписувати документи як продавець.',
    );
    typePassword('key-unattended-password');
    fireEvent.click(screen.getByTestId('key-unattended-submit'));
    await waitFor(() => expect(screen.queryByTestId('key-unattended')).toBeNull());
    expect(bridge.setKeyUnattended).toHaveBeenCalledWith({ kasm: 1, enabled: true, password: PASSWORD }, {});
    expect(text('keys-notice')).toBe('Підпис без людини для каси 1 увімкнено.');
  });

  it('is turned off without a password, and is not offered where the service keeps no secret', async () => {
    bridge.rows = [keyRow({ unattended: '1', unlocked: '0' })];
    await show();
    expect(text('key-lock')).toBe('Розблоковується сам: сервер зберігає пароль');
    alt('KeyA');
    await screen.findByTestId('key-unattended-off');
    fireEvent.click(screen.getByTestId('key-unattended-submit'));
    await waitFor(() => expect(bridge.setKeyUnattended).toHaveBeenCalledWith({ kasm: 1, enabled: false, password: '' }, {}));
    cleanup();
    bridge.rows = [keyRow({ unattended_available: '0' })];
    await show();
    expect((screen.getByTestId('keys-action-unattended') as HTMLButtonElement).disabled).toBe(true);
    expect(text('key-unattended-unavailable')).toContain('підпис без людини тут недоступний');
  });

  it('says the refusal of a wrong password in Ukrainian', async () => {
    bridge.setKeyUnattended.mockRejectedValueOnce(refusal('key.unattended_password', {}, 'params.password'));
    await show();
    alt('KeyA');
    await screen.findByTestId('key-unattended');
    typePassword('key-unattended-password');
    fireEvent.click(screen.getByTestId('key-unattended-submit'));
    expect((await screen.findByTestId('key-unattended-error')).textContent).toContain(
      'Щоб каса підписувала без людини, введіть пароль ключа.',
    );
  });
});

describe('moving the register to this till', () => {
  it('is offered only when another device runs it, and is a queued write with its label', async () => {
    await show();
    expect(screen.queryByTestId('keys-action-takeOver')).toBeNull();
    cleanup();
    bridge.rows = [keyRow({ device: 'other' })];
    await show();
    expect(text('key-other-device')).toContain('працює на іншому пристрої');
    alt('KeyM');
    await screen.findByTestId('key-take-over-body');
    expect(text('key-take-over-body')).toContain('Переносьте, лише якщо той пристрій більше не працює з цим ПРРО');
    fireEvent.click(screen.getByTestId('key-take-over-confirm'));
    await screen.findByTestId('keys-notice');
    expect(bridge.write).toHaveBeenCalledWith(
      'settings.prro_device_take_over',
      { kasm: 1 },
      expect.objectContaining({
        group: 'prro-device-4000211451',
        label: { key: 'prroDeviceTakeOver', values: { kasm: '1', numprro: '4000211451' } },
      }),
    );
    expect(text('keys-notice')).toContain('сервер зареєструє цей пристрій у податковій');
  });

  it("carries a cashier's manager confirmation for the key's settings", async () => {
    bridge.role = 'cashier';
    bridge.rows = [keyRow({ device: 'other' })];
    await show();
    fireEvent.click(screen.getByTestId('keys-action-takeOver'));
    expect((await screen.findByTestId('manager-confirm')).dataset.action).toBe('key_settings');
    await managerConfirms();
    fireEvent.click(await screen.findByTestId('key-take-over-confirm'));
    await screen.findByTestId('keys-notice');
    expect(bridge.write).toHaveBeenCalledWith(
      'settings.prro_device_take_over',
      { kasm: 1 },
      expect.objectContaining({ confirmation: 77 }),
    );
  });
});
