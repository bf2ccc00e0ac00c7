// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { createQueryClient } from '../rpc/query-client.js';
import { SerialPortFields } from './SerialPortFields.js';

const bridge = { serialPorts: vi.fn(async () => ['/dev/ttyUSB0', 'COM3']) };
beforeAll(() => {
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

const show = (editable: boolean, onPath = vi.fn(), onBaud = vi.fn()) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SerialPortFields
        name="settings-scale"
        labels={{ path: 'Порт', baud: 'Швидкість' }}
        path="COM1"
        baud={9600}
        editable={editable}
        onPath={onPath}
        onBaud={onBaud}
      />
    </QueryClientProvider>,
  );

describe('the serial port block of a device', () => {
  it('offers the ports the till has and hands the typed port and the chosen speed back', async () => {
    const onPath = vi.fn();
    const onBaud = vi.fn();
    const { container } = show(true, onPath, onBaud);
    await waitFor(() => expect(container.querySelectorAll('#settings-scale-ports option')).toHaveLength(2));
    expect(screen.getByTestId('settings-scale-serial').getAttribute('list')).toBe('settings-scale-ports');
    fireEvent.change(screen.getByTestId('settings-scale-serial'), { target: { value: 'COM3' } });
    fireEvent.change(screen.getByTestId('settings-scale-baud'), { target: { value: '115200' } });
    expect(onPath).toHaveBeenCalledWith('COM3');
    expect(onBaud).toHaveBeenCalledWith(115200);
    expect(screen.getByLabelText('Швидкість')).toBe(screen.getByTestId('settings-scale-baud'));
  });

  it('is read-only and asks for no ports for someone who may not change it', () => {
    bridge.serialPorts.mockClear();
    show(false);
    expect((screen.getByTestId('settings-scale-serial') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByTestId('settings-scale-baud') as HTMLSelectElement).disabled).toBe(true);
    expect(bridge.serialPorts).not.toHaveBeenCalled();
  });
});
