import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge/api.js';
import { type FakeApi, fakeApi } from '../transport/testing/fake-api.js';
import { type Host, startHost } from './host.js';
import { portOf, raw } from './testing/http.js';
import { openEventsOverFetch } from './testing/sse-client.js';

let api: FakeApi;
let host: Host;

beforeEach(async () => {
  api = fakeApi();
  host = await startHost({ api, heartbeatMs: 40 });
});
afterEach(() => host.close());

const eventsUrl = (token: string) => `http://127.0.0.1:${portOf(host.url)}/bridge/events?token=${encodeURIComponent(token)}`;
const queueEvent: BridgeEvent = {
  type: 'queue',
  counts: { queued: 2, sending: 1, refused: 0, reconcile: 0, elsewhere: 0 },
  changedId: 12,
};

describe('the event stream of the browser host', () => {
  it('delivers the core events as Server-Sent Events in order', async () => {
    const received: unknown[] = [];
    const close = openEventsOverFetch()(eventsUrl(host.token), (data) => received.push(JSON.parse(data)));
    await vi.waitFor(() => expect(api.listenerCount()).toBe(1));
    api.emit(queueEvent);
    api.emit({ type: 'connection', state: 'offline' });
    await vi.waitFor(() => expect(received).toEqual([queueEvent, { type: 'connection', state: 'offline' }]));
    close();
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const comments: string[] = [];
    const close = openEventsOverFetch((c) => comments.push(c))(eventsUrl(host.token), () => {});
    await vi.waitFor(() => expect(comments.filter((c) => c === 'heartbeat').length).toBeGreaterThanOrEqual(2));
    close();
  });

  it('unsubscribes from the core when the client goes', async () => {
    const close = openEventsOverFetch()(eventsUrl(host.token), () => {});
    await vi.waitFor(() => expect(api.listenerCount()).toBe(1));
    close();
    await vi.waitFor(() => expect(api.listenerCount()).toBe(0));
  });

  it('ends open streams and unsubscribes when the host closes', async () => {
    openEventsOverFetch()(eventsUrl(host.token), () => {});
    await vi.waitFor(() => expect(api.listenerCount()).toBe(1));
    await host.close();
    expect(api.listenerCount()).toBe(0);
    host = await startHost({ api });
  });

  it('answers with the event-stream content type and no caching', async () => {
    const abort = new AbortController();
    const res = await fetch(eventsUrl(host.token), { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    abort.abort();
  });

  it('refuses the stream without the token, with a wrong one, or with the token only in a header', async () => {
    const port = portOf(host.url);
    expect((await raw(port, { path: '/bridge/events' })).status).toBe(401);
    expect((await raw(port, { path: '/bridge/events?token=wrong' })).status).toBe(401);
    expect((await raw(port, { path: '/bridge/events', headers: { 'X-Cashdesk-Token': host.token } })).status).toBe(401);
    expect(api.listenerCount()).toBe(0);
  });

  it('refuses the stream to a foreign Origin or Host even with the token', async () => {
    const port = portOf(host.url);
    const path = `/bridge/events?token=${encodeURIComponent(host.token)}`;
    expect((await raw(port, { path, headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await raw(port, { path, headers: { Host: `evil.example:${port}` } })).status).toBe(421);
    expect(api.listenerCount()).toBe(0);
  });
});
