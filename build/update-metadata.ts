/**
 * The update metadata a chain's update server serves beside an installer: `latest.yml` in the
 * format electron-builder writes for the generic provider (version, the installer's file name,
 * its size and SHA-512 in base64, the release date), which electron-updater reads and checks the
 * download against. electron-builder writes it with every Windows build (build/electron-builder.json
 * publish); this writes it for an installer on hand, which is how a chain rolls tills back: serve
 * the previous version's installer with metadata of its own (the tills allow a downgrade).
 *
 *   npx tsx build/update-metadata.ts release/Cashdesk-Setup-0.1.0-x64.exe 0.1.0 > latest.yml
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

export function updateMetadata(installer: string, version: string, releaseDate = new Date()): string {
  const bytes = readFileSync(installer);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  const url = basename(installer);
  // YAML by hand: a fixed shape, every string double-quoted as JSON writes it (valid YAML).
  const q = JSON.stringify;
  return [
    `version: ${q(version)}`,
    'files:',
    `  - url: ${q(url)}`,
    `    sha512: ${q(sha512)}`,
    `    size: ${bytes.length}`,
    `path: ${q(url)}`,
    `sha512: ${q(sha512)}`,
    `releaseDate: ${q(releaseDate.toISOString())}`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [installer, version] = process.argv.slice(2);
  if (!installer || !version) {
    console.error('usage: tsx build/update-metadata.ts INSTALLER VERSION > latest.yml');
    process.exit(2);
  }
  process.stdout.write(updateMetadata(installer, version));
}
