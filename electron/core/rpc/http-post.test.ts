import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpPost } from './http-post.js';

let server: Server;
let url: string;
let connections = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'r-1', 'Set-Cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ got: body, length: req.headers['content-length'] }));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/rpc`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('one POST over node:http', () => {
  it('sends the body with its length in bytes and reads the whole answer with its headers', async () => {
    const answer = await httpPost(url, { 'Content-Type': 'application/json' }, '{"назва":"молоко"}', AbortSignal.timeout(2000));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      got: '{"назва":"молоко"}',
      length: String(Buffer.byteLength('{"назва":"молоко"}')),
    });
    expect(answer.headers.get('X-Request-Id')).toBe('r-1');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('keeps the connection: calls one after another reuse one socket', async () => {
    const before = connections;
    for (let i = 0; i < 5; i++) await httpPost(url, {}, '{}', AbortSignal.timeout(2000));
    expect(connections - before).toBeLessThanOrEqual(1);
  });
});
