/**
 * An event-stream reader over fetch, standing in for the browser's EventSource (Node 20 has
 * none) in tests of the HTTP bridge. Hands over each `data:` payload and every comment line.
 */
import type { OpenEvents } from '../../../renderer/bridge/http-bridge.js';

export function openEventsOverFetch(onComment: (text: string) => void = () => {}): OpenEvents {
  return (url, onData) => {
    const abort = new AbortController();
    void (async () => {
      const res = await fetch(url, { signal: abort.signal });
      if (!res.body) return;
      let buffer = '';
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          for (const line of lines) if (line.startsWith(':')) onComment(line.slice(1).trim());
          const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart());
          if (data.length > 0) onData(data.join('\n'));
        }
      }
    })().catch(() => {
      // Aborted by the test, or the host closed: either way the stream is over.
    });
    return () => abort.abort();
  };
}
