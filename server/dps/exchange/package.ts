/**
 * An offline package (DPS API description, "Пакет офлайн документів"): each signed document as a
 * 4-byte little-endian length followed by its bytes, at most 100 documents; the whole package is
 * then signed again by the sender.
 */
import { OFFLINE_PACKAGE_SIZE as PACKAGE_LIMIT } from '../../../shared/fiscal/choices.js';

export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}

export function packDocuments(docs: readonly Buffer[]): Buffer {
  if (docs.length === 0 || docs.length > PACKAGE_LIMIT) {
    throw new PackageError(`a package holds 1 to ${PACKAGE_LIMIT} documents, not ${docs.length}`);
  }
  return Buffer.concat(
    docs.flatMap((d) => {
      const len = Buffer.alloc(4);
      len.writeUInt32LE(d.length);
      return [len, d];
    }),
  );
}

export function unpackDocuments(pkg: Buffer): Buffer[] {
  const docs: Buffer[] = [];
  let at = 0;
  while (at < pkg.length) {
    if (at + 4 > pkg.length) throw new PackageError(`a length cut short at byte ${at}`);
    const len = pkg.readUInt32LE(at);
    if (len === 0 || at + 4 + len > pkg.length) throw new PackageError(`document ${docs.length + 1} runs past the end`);
    docs.push(pkg.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  if (docs.length === 0 || docs.length > PACKAGE_LIMIT) throw new PackageError(`${docs.length} documents in a package`);
  return docs;
}
