// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CashdeskApi,
  type CustomerDisplaySettings,
  type CustomerDisplayState,
  DEFAULT_CUSTOMER_DISPLAY,
} from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { CustomerDisplaySection } from './CustomerDisplaySection.js';
import { CustomerDisplayStatus } from './CustomerDisplayStatus.js';

let tested: CustomerDisplayState = { state: 'ready', reason: '' };
const bridge = {
  settingsUpdate: vi.fn(async (patch: { customerDisplay: CustomerDisplaySettings }) => ({
    customerDisplay: patch.customerDisplay,
  })),
  customerDisplayTest: vi.fn(async () => tested),
  serialPorts: vi.fn(async () => ['/dev/ttyUSB1']),
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = (display: CustomerDisplaySettings = DEFAULT_CUSTOMER_DISPLAY, editable = true) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CustomerDisplaySection display={display} editable={editable} />
    </QueryClientProvider>,
  );

describe('the customer display settings', () => {
  it('ask for the port of a display switched on, then save its port, speed, table and greeting', async () => {
    show();
    fireEvent.click(screen.getByTestId('settings-display-enabled'));
    fireEvent.click(screen.getByTestId('settings-display-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Вкажіть послідовний порт.');
    expect(bridge.settingsUpdate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('settings-display-serial'), { target: { value: ' COM4 ' } });
    fireEvent.change(screen.getByTestId('settings-display-baud'), { target: { value: '19200' } });
    fireEvent.change(screen.getByTestId('settings-display-codepage'), { target: { value: 'windows1251' } });
    expect((screen.getByTestId('settings-display-codetable') as HTMLInputElement).value).toBe('46');
    fireEvent.change(screen.getByTestId('settings-display-greeting'), { target: { value: '  Вітаємо   у «Колоску»! ' } });
    fireEvent.click(screen.getByTestId('settings-display-save'));
    await waitFor(() =>
      expect(bridge.settingsUpdate).toHaveBeenCalledWith({
        customerDisplay: {
          enabled: true,
          serialPath: 'COM4',
          baudRate: 19200,
          codePage: 'windows1251',
          codeTable: 46,
          greeting: 'Вітаємо у «Колоску»!',
        },
      }),
    );
    expect(await screen.findByTestId('settings-display-saved')).toBeTruthy();
  });

  it('test the saved display and say when it cannot be reached', async () => {
    tested = { state: 'unreachable', reason: 'cannot open COM4: Access denied' };
    show({ ...DEFAULT_CUSTOMER_DISPLAY, enabled: true, serialPath: 'COM4' });
    fireEvent.click(screen.getByTestId('settings-display-test'));
    expect((await screen.findByTestId('settings-display-tested')).textContent).toBe(
      'Дисплей недоступний: cannot open COM4: Access denied',
    );
    expect(bridge.customerDisplayTest).toHaveBeenCalledTimes(1);
  });

  it('are read-only to anyone but a manager', () => {
    show({ ...DEFAULT_CUSTOMER_DISPLAY, enabled: true, serialPath: 'COM4' }, false);
    expect(screen.getByText('Дисплей покупця налаштовує менеджер.')).toBeTruthy();
    expect((screen.getByTestId('settings-display-enabled') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('settings-display-save')).toBeNull();
    expect(screen.queryByTestId('settings-display-test')).toBeNull();
  });
});

describe('the customer display in the status bar', () => {
  it('says nothing while it is off, its state otherwise, loud with the reason when it cannot be reached', () => {
    const { container } = render(<CustomerDisplayStatus state={{ state: 'off', reason: '' }} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<CustomerDisplayStatus state={{ state: 'unreachable', reason: 'cannot open COM4' }} />);
    const bar = screen.getByTestId('display-state');
    // happy-dom's window is 1024 px wide: the bar says the display's name, red, the words in its title.
    expect(bar.textContent).toBe('Дисплей');
    expect(bar.dataset.tone).toBe('bad');
    expect(bar.title).toBe('Дисплей покупця недоступний: cannot open COM4');
  });
});
