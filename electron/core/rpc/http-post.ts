/**
 * One POST to the service over node:http(s), its whole answer read as text. Not fetch: undici's
 * fetch, with its web streams, Request and Response objects, was about 40 % of the desk's CPU per
 * drained write (bench:outbox profile), and the desk needs none of what it adds. Redirects are
 * never followed (node:http does not), connections are kept alive per origin, and `signal` ends
 * the call wherever it is: connecting, sending, or reading the answer.
 */
import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
}

export type HttpPost = (
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  signal: AbortSignal,
) => Promise<HttpAnswer>;

/** Enough sockets for the outbox's sends in flight and the interface's reads beside them. */
const MAX_SOCKETS = 16;
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  https: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

export const httpPost: HttpPost = (url, headers, body, signal) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: secure ? agents.https : agents.http,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        // A socket closed in the middle of the body ends the answer without 'end': no answer.
        res.on('close', () => {
          if (!res.complete) reject(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' }));
        });
        res.on('end', () => {
          const got = res.headers;
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get: (name) => {
                const value = got[name.toLowerCase()];
                return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
              },
            },
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
