/**
 * `npm run contract`: writes the published contract into docs/. The only file of shared/contract
 * that touches the file system; it runs under Node as a build tool, never in the app.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedFiles } from './files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

for (const file of publishedFiles()) {
  const target = join(root, file.path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, file.content);
  console.log(`wrote ${file.path}`);
}
