/** Raw HTTP for host tests: node:http lets a test send any Host, Origin or path, unlike fetch. */
import { request } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

export interface RawRequest {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

export function raw(port: number, req: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = request(
      { host: '127.0.0.1', port, method: req.method ?? 'GET', path: req.path ?? '/', headers: req.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A bridge call as the interface makes it: POST, JSON, the token header. */
export const bridgePost = (
  port: number,
  message: string,
  args: unknown,
  token: string | undefined,
  headers: Record<string, string> = {},
) =>
  raw(port, {
    method: 'POST',
    path: `/bridge/${message}`,
    headers: {
      'Content-Type': 'application/json',
      ...(token === undefined ? {} : { 'X-Cashdesk-Token': token }),
      ...headers,
    },
    body: JSON.stringify(args),
  });

export const portOf = (url: string): number => Number(new URL(url).port);
