/**
 * The qualified CAs this program trusts by default (ca/SOURCE.md), read once when first needed:
 * 430 certificates take a few hundred milliseconds to parse, which a service that never signs a
 * real document need not pay.
 */
import { fileURLToPath } from 'node:url';
import { TrustStore, trustStoreFromFiles } from './trust.js';

export const BUNDLED_CA_FILE = fileURLToPath(new URL('./ca/CACertificates-2020.p7b', import.meta.url));

let bundled: TrustStore | undefined;

export function bundledTrust(): TrustStore {
  bundled ??= trustStoreFromFiles([BUNDLED_CA_FILE]);
  return bundled;
}

/** The bundled CAs and a shop's own files (a newer bundle, a CA issued since), in one store. */
export function trustWith(files: readonly string[]): TrustStore {
  if (files.length === 0) return bundledTrust();
  const extra = trustStoreFromFiles([BUNDLED_CA_FILE, ...files]);
  return new TrustStore(extra.all());
}
