/**
 * Answers app://cashdesk/ requests from the built renderer, with the CSP and the other renderer
 * headers. Plain web Request/Response, so it is tested without Electron.
 */

import { RENDERER_HEADERS } from '../transport/csp.js';
import { readRendererFile } from '../transport/renderer-files.js';
import { APP_HOST } from './app-url.js';

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...RENDERER_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra } });

export async function appProtocolResponse(request: Request, root: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return text(404, 'not found');
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'method not allowed', { Allow: 'GET, HEAD' });
  const file = await readRendererFile(root, url.pathname);
  if (file === undefined) return text(404, 'not found');
  const body = request.method === 'HEAD' ? null : new Uint8Array(file.body);
  return new Response(body, { status: 200, headers: { ...RENDERER_HEADERS, 'Content-Type': file.type } });
}
