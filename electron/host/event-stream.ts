/**
 * The bridge's events as Server-Sent Events: one `data:` line of BridgeEvent JSON per event.
 * EventSource reconnects by itself; the heartbeat comment keeps idle proxies and sockets from
 * closing the stream, and shows a dead client by failing to write.
 */
import type { ServerResponse } from 'node:http';
import type { CashdeskApi } from '../../shared/bridge/api.js';

export const HEARTBEAT_MS = 15_000;

/** Streams events until the client goes; then unsubscribes. Returns a function that ends it. */
export function streamEvents(res: ServerResponse, api: CashdeskApi, heartbeatMs: number): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'keep-alive',
  });
  // How long EventSource waits before reconnecting; also sends the headers at once.
  res.write('retry: 2000\n\n');
  const unsubscribe = api.onEvent((event) => res.write(`data: ${JSON.stringify(event)}\n\n`));
  const beat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  res.on('close', () => {
    clearInterval(beat);
    unsubscribe();
  });
  return () => res.end();
}
