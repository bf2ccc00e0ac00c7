// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../../app/StatusBar.js';
import { initI18n } from '../../../i18n/i18n.js';
import { useUi } from '../../../state/ui-store.js';
import { installBridge, keyBridge } from '../key-bridge.testing.js';
import { keyRow, noKey } from '../key-row.testing.js';
import { KEY_EVENT_MS } from '../use-key-state.js';
import { KeySignWait } from './KeySignWait.js';

const bridge = keyBridge();

beforeAll(() => {
  initI18n('uk');
  installBridge(bridge);
});
beforeEach(() => {
  useUi.setState({ screen: 'sale' });
});
afterEach(() => {
  cleanup();
  bridge.read.mockClear();
});

const show = (what: 'bar' | 'sale' = 'bar') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {what === 'bar' ? <StatusBar /> : <KeySignWait />}
    </QueryClientProvider>,
  );
const keyReads = () => bridge.read.mock.calls.filter((c) => c[0] === 'pos.prro_key_state');

describe("the status bar's word on this till's key", () => {
  const CASES: [string, ReturnType<typeof keyRow>, string, string][] = [
    [
      'locked with documents waiting',
      keyRow({ unlocked: '0', unsigned: '3' }),
      'locked',
      'Ключ КЕП заблоковано: 3 документи чекають на підпис',
    ],
    ['not loaded on the real tax server', noKey(), 'missing', 'Ключ КЕП не завантажено'],
    [
      'not loaded, with documents waiting',
      noKey({ unsigned: '5' }),
      'missing',
      'Ключ КЕП не завантажено: 5 документів чекають на підпис',
    ],
    ['expiring', keyRow({ days_left: '5', expiry_warning: '1' }), 'expiring', 'Ключ КЕП спливає через 5 днів'],
    ['expiring in a day', keyRow({ days_left: '1', expiry_warning: '1' }), 'expiring', 'Ключ КЕП спливає через 1 день'],
    ['expired', keyRow({ days_left: '-1', expiry_warning: '1' }), 'expired', 'Ключ КЕП прострочено: документи не підписуються'],
  ];

  it.each(CASES)('says it when it is %s', async (_what, row, kind, words) => {
    bridge.rows = [row];
    show();
    const status = await screen.findByTestId('key-status');
    expect(status.dataset.kind).toBe(kind);
    expect(status.textContent).toBe(words);
    expect(status.parentElement?.getAttribute('role')).toBe(kind === 'locked' || kind === 'expired' ? 'alert' : 'status');
    expect(keyReads()[0]?.[1]).toEqual({ kasm: 1 });
  });

  it('shows a chip of the sentence’s first words, so the bar keeps one line; the whole is its title and read out', async () => {
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '3' })];
    show();
    const status = await screen.findByTestId('key-status');
    const hidden = status.querySelector('.visually-hidden');
    // What the chip shows: the words before the colon; the rest is there for a screen reader only.
    expect(status.firstChild?.textContent).toBe('Ключ КЕП заблоковано');
    expect(hidden?.textContent).toBe(': 3 документи чекають на підпис');
    expect(status.title).toBe('Ключ КЕП заблоковано: 3 документи чекають на підпис\nКлючі КЕП (Налаштування, F9 → Alt+P)');
    cleanup();
    // A sentence without a colon is a chip whole.
    bridge.rows = [keyRow({ days_left: '5', expiry_warning: '1' })];
    show();
    const expiring = await screen.findByTestId('key-status');
    expect(expiring.firstChild?.textContent).toBe('Ключ КЕП спливає через 5 днів');
    expect(expiring.querySelector('.visually-hidden')).toBeNull();
  });

  it('says nothing while the key signs and nothing waits, nor of a till without a register', async () => {
    for (const rows of [[keyRow()], [keyRow({ unlocked: '0', unattended: '1' })], []]) {
      bridge.rows = rows;
      show();
      await screen.findByTestId('catalog-age');
      await waitFor(() => expect(keyReads().length).toBeGreaterThan(0));
      expect(screen.queryByTestId('key-status')).toBeNull();
      cleanup();
      bridge.read.mockClear();
    }
  });

  it('opens the key screen', async () => {
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '1' })];
    show();
    fireEvent.click(await screen.findByTestId('key-status'));
    expect(useUi.getState().screen).toBe('keys');
  });

  it("reads the key again on the queue's events only while it is watched", async () => {
    bridge.rows = [keyRow()];
    show();
    await waitFor(() => expect(keyReads()).toHaveLength(1));
    act(() =>
      bridge.emit({ type: 'queue', counts: { queued: 1, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 }, changedId: 4 }),
    );
    await new Promise((r) => setTimeout(r, KEY_EVENT_MS + 200));
    // A key that signs, with nothing waiting: a sale's writes cost no read of it.
    expect(keyReads()).toHaveLength(1);
    cleanup();
    bridge.read.mockClear();
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '1' })];
    show();
    await screen.findByTestId('key-status');
    const before = keyReads().length;
    act(() =>
      bridge.emit({ type: 'queue', counts: { queued: 1, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 }, changedId: 5 }),
    );
    await waitFor(() => expect(keyReads().length).toBeGreaterThan(before), { timeout: KEY_EVENT_MS + 1000 });
  });
});

describe('the sale, while documents of this till wait for a signature', () => {
  it('says receipts get their fiscal numbers once the key is unlocked, and to call a senior cashier or manager', async () => {
    bridge.rows = [keyRow({ unlocked: '0', unsigned: '2' })];
    show('sale');
    const wait = await screen.findByTestId('key-sign-wait');
    expect(wait.dataset.cause).toBe('locked');
    // The way to the key screen is kept on one line (no-break spaces).
    expect(wait.textContent?.replace(/\u00a0/g, ' ')).toBe(
      '2 документи цієї каси чекають на підпис ключем КЕП. Чеки продаються, але фіскальні номери отримають лише після того, як ключ розблокують. Покличте старшого касира або менеджера: він введе пароль ключа (Налаштування, F9 → Ключі КЕП).',
    );
  });

  it('names a manager when no key is loaded or it expired', async () => {
    bridge.rows = [noKey({ unsigned: '1' })];
    show('sale');
    expect((await screen.findByTestId('key-sign-wait')).textContent).toContain('після того, як менеджер завантажить ключ КЕП');
    cleanup();
    bridge.rows = [keyRow({ unsigned: '4', days_left: '-2' })];
    show('sale');
    expect((await screen.findByTestId('key-sign-wait')).textContent).toContain('сертифікат цього прострочено');
  });

  it('says nothing while the key signs, or nothing waits', async () => {
    for (const row of [keyRow({ unsigned: '1' }), keyRow({ unlocked: '0' })]) {
      bridge.rows = [row];
      show('sale');
      await waitFor(() => expect(keyReads().length).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByTestId('key-sign-wait')).toBeNull();
      cleanup();
      bridge.read.mockClear();
    }
  });
});
