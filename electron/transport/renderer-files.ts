/**
 * Finds the file of the built renderer a request names, for both transports (the app:// protocol
 * and the browser host). Every way out of the folder is refused: `..` plain or percent-encoded,
 * backslashes and drive letters (separators on Windows), NUL, and symlinks pointing outside.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

export interface RendererFile {
  readonly type: string;
  readonly body: Buffer;
}

/**
 * The URL path as a relative path inside the folder ('/' is index.html), or undefined when it is
 * malformed or tries to leave the folder.
 */
export function safeRelativePath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes(':'))) return undefined;
  return segments.length === 0 ? 'index.html' : segments.join('/');
}

/**
 * The file a URL path names under root, or undefined. A path without an extension that names no
 * file gets index.html, so the interface's own routes survive a reload.
 */
export async function readRendererFile(root: string, urlPath: string): Promise<RendererFile | undefined> {
  const relative = safeRelativePath(urlPath);
  if (relative === undefined) return undefined;
  const found =
    (await insideFile(root, relative)) ?? (extname(relative) === '' ? await insideFile(root, 'index.html') : undefined);
  if (found === undefined) return undefined;
  return { type: contentTypeOf(found), body: await readFile(found) };
}

/** The real path of a regular file under root, or undefined (missing, a folder, or outside by symlink). */
async function insideFile(root: string, relative: string): Promise<string | undefined> {
  try {
    const realRoot = await realpath(root);
    const real = await realpath(resolve(realRoot, relative));
    if (!real.startsWith(realRoot + sep)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
