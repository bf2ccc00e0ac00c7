/**
 * The key's files as the manager picks them: read in the page as bytes and sent as base64 (the
 * contract's `byte` format), checked against the sizes the back office takes before anything is
 * sent. Read only when the key is loaded, never kept: the bytes live as long as the call.
 */
import { MAX_CERTIFICATE_BYTES, MAX_CONTAINER_BYTES } from '../../../shared/contract/operations/prro-keys.js';

export type KeyFileKind = 'container' | 'certificate';

export const MAX_BYTES: Readonly<Record<KeyFileKind, number>> = {
  container: MAX_CONTAINER_BYTES,
  certificate: MAX_CERTIFICATE_BYTES,
};

/** What the file pickers offer first; any file can still be chosen (a key's file may have any name). */
export const ACCEPT: Readonly<Record<KeyFileKind, string>> = {
  container: '.dat,.jks,.pfx,.p12,.pk8,.zs2',
  certificate: '.cer,.crt,.der,.pem',
};

export type FileProblem =
  | { readonly kind: 'empty'; readonly name: string }
  | { readonly kind: 'tooLarge'; readonly name: string; readonly size: number; readonly max: number };

/** Why a picked file cannot be a key's file of this kind, before it is read. */
export function fileProblem(file: Pick<File, 'name' | 'size'>, kind: KeyFileKind): FileProblem | undefined {
  if (file.size === 0) return { kind: 'empty', name: file.name };
  if (file.size > MAX_BYTES[kind]) return { kind: 'tooLarge', name: file.name, size: file.size, max: MAX_BYTES[kind] };
  return undefined;
}

/** Bytes as base64, a slice at a time (String.fromCharCode takes a bounded number of arguments). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}
