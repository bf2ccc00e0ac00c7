// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, QueueItem } from '../../../shared/bridge/api.js';
import { sampleQueueItem } from '../../../shared/bridge/queue-item.testing.js';
import { initI18n } from '../../i18n/i18n.js';
import { createQueryClient } from '../../rpc/query-client.js';
import { OutboxScreen } from './OutboxScreen.js';

const item = (id: number, extra: Partial<QueueItem> = {}): QueueItem =>
  sampleQueueItem({
    id,
    method: 'catalog.contrag.save',
    group: `g-${id}`,
    idempotencyKey: `key-${id}`,
    summary: `supplier ${id}`,
    service: 'http://shop-server:8787',
    ...extra,
  });

let items: QueueItem[] = [];
const bridge = {
  queueList: vi.fn(async () => items),
  queueSendHere: vi.fn(async (id: number) => {
    items = items.map((i) => (i.id === id ? item(id) : i));
    return item(id);
  }),
  status: vi.fn(async () => ({ queue: { queued: 1, sending: 0, refused: 0, reconcile: 0, elsewhere: 1 } })),
  settingsGet: vi.fn(async () => ({ timeZone: 'Europe/Kyiv' })),
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  items = [item(1), item(2, { elsewhere: true })];
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OutboxScreen />
    </QueryClientProvider>,
  );

describe('a write waiting for another service', () => {
  it('can be sent to the current one only after the person reads that it must be the same shop', async () => {
    show();
    const send = await screen.findByTestId('outbox-send-here-2');
    expect(screen.queryByTestId('outbox-send-here-1')).toBeNull();
    fireEvent.click(send);
    expect((await screen.findByTestId('outbox-send-here-text')).textContent).toMatch(/той самий магазин/);
    expect(bridge.queueSendHere).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('outbox-send-here-cancel'));
    expect(screen.queryByTestId('outbox-send-here-text')).toBeNull();

    fireEvent.click(screen.getByTestId('outbox-send-here-2'));
    fireEvent.click(await screen.findByTestId('outbox-send-here-confirm'));
    await waitFor(() => expect(bridge.queueSendHere).toHaveBeenCalledWith(2));
    expect((await screen.findByTestId('outbox-done')).textContent).toMatch(/№2/);
    await waitFor(() => expect(screen.queryByTestId('outbox-send-here-2')).toBeNull());
  });
});
