// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, PublicSettings } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { SettingsScreen } from './SettingsScreen.js';

let current: PublicSettings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
  language: 'uk',
  hasApiKey: false,
  embedded: true,
};
const bridge = {
  settingsGet: vi.fn(async () => current),
  settingsUpdate: vi.fn(async (patch: Partial<PublicSettings>) => {
    current = { ...current, ...patch } as PublicSettings;
    return current;
  }),
  setApiKey: vi.fn(async () => {
    current = { ...current, hasApiKey: true };
    return current;
  }),
  testConnection: vi.fn(async () => ({
    ok: false,
    latencyMs: null,
    upstream: null,
    error: { code: 'UNAUTHORIZED' as const, message: 'unknown key', details: [] },
  })),
  status: vi.fn(),
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsScreen />
    </QueryClientProvider>,
  );

describe('the settings screen', () => {
  it('takes a key without ever showing it, and says a refused key in words', async () => {
    show();
    const field = (await screen.findByTestId('settings-key')) as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(screen.getByTestId('settings-key-state').textContent).toBe('Ключ не задано');

    fireEvent.change(field, { target: { value: 'secret-key-0123456789' } });
    fireEvent.click(screen.getByTestId('settings-key-save'));
    await waitFor(() => expect(screen.getByTestId('settings-key-state').textContent).toBe('Ключ задано'));
    expect(bridge.setApiKey).toHaveBeenCalledWith('secret-key-0123456789');
    expect(field.value).toBe('');
    expect(document.body.innerHTML).not.toContain('secret-key-0123456789');

    fireEvent.click(screen.getByTestId('settings-test'));
    const result = await screen.findByTestId('settings-test-result');
    expect(result.textContent).toContain('Сервер не прийняв ключ доступу');
  });

  it('keeps a key it would refuse, with the problem under the field, and sends nothing', async () => {
    show();
    const field = (await screen.findByTestId('settings-key')) as HTMLInputElement;
    bridge.setApiKey.mockClear();
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('settings-key-save'));
    expect(await screen.findByText('Ключ має містити від 8 до 512 символів')).toBeTruthy();
    expect(field.value).toBe('short');
    expect(bridge.setApiKey).not.toHaveBeenCalled();
  });

  it('says a service address that is not http(s), and saves an empty one as the embedded service', async () => {
    show();
    const url = (await screen.findByTestId('settings-url')) as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'ftp://shop' } });
    fireEvent.click(screen.getByTestId('settings-url-save'));
    expect(await screen.findByText(/Адреса має починатися з http:\/\//)).toBeTruthy();
    expect(bridge.settingsUpdate).not.toHaveBeenCalled();
    fireEvent.change(url, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('settings-url-save'));
    await waitFor(() => expect(bridge.settingsUpdate).toHaveBeenCalledWith({ serviceUrl: '' }));
  });
});
