/** The qualified CAs this program trusts by default (ca/SOURCE.md), read once when first needed. */
import { fileURLToPath } from 'node:url';
import { type TrustStore, trustStoreFromFiles } from './trust.js';

/** Where the bundle is: resolved when asked (a bundler or a browser-like test environment gives no file URL at import). */
const bundledCaFile = (): string => fileURLToPath(new URL('./ca/CACertificates-2020.p7b', import.meta.url));

let bundled: TrustStore | undefined;

export function bundledTrust(): TrustStore {
  bundled ??= trustStoreFromFiles([bundledCaFile()]);
  return bundled;
}

/** The bundled CAs and a shop's own files (a newer bundle, a CA issued since), in one store. */
export function trustWith(files: readonly string[]): TrustStore {
  if (files.length === 0) return bundledTrust();
  return trustStoreFromFiles([bundledCaFile(), ...files]);
}
