import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, readRendererFile, safeRelativePath } from './renderer-files.js';

describe('safeRelativePath', () => {
  it.each([
    ['/', 'index.html'],
    ['', 'index.html'],
    ['/index.html', 'index.html'],
    ['/assets/app.js', 'assets/app.js'],
    ['//assets/./app.js', 'assets/app.js'],
    ['/%D0%BA%D0%B0%D1%81%D0%B0.png', 'каса.png'],
  ])('maps %j to %j', (url, path) => {
    expect(safeRelativePath(url)).toBe(path);
  });

  it.each(['/..', '/a/../../b', '/%2e%2e/x', '/a%2f..%2f..%2fx', '/a\\..\\x', '/%5c', '/x%00.js', '/C:/x', '/c:%5cx', '/%'])(
    'refuses %j',
    (url) => {
      expect(safeRelativePath(url)).toBeUndefined();
    },
  );
});

describe('readRendererFile', () => {
  let dir: string;
  let root: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cashdesk-files-'));
    root = join(dir, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), 'index');
    writeFileSync(join(root, 'assets', 'app.js'), 'js');
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
    symlinkSync(dir, join(root, 'up'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file under the root with its content type', async () => {
    const file = await readRendererFile(root, '/assets/app.js');
    expect(file?.body.toString()).toBe('js');
    expect(file?.type).toBe('text/javascript; charset=utf-8');
  });

  it('refuses symlinks that lead out of the root', async () => {
    expect(await readRendererFile(root, '/assets/link.txt')).toBeUndefined();
    expect(await readRendererFile(root, '/up/secret.txt')).toBeUndefined();
  });

  it('gives index.html for a route without an extension, not for a missing asset or a folder', async () => {
    expect((await readRendererFile(root, '/sale'))?.body.toString()).toBe('index');
    expect(await readRendererFile(root, '/assets/none.js')).toBeUndefined();
    expect((await readRendererFile(root, '/assets'))?.body.toString()).toBe('index');
  });

  it('finds nothing when the renderer is not built', async () => {
    expect(await readRendererFile(join(dir, 'missing'), '/')).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('knows the types a Vite build emits and falls back to octet-stream', () => {
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});
