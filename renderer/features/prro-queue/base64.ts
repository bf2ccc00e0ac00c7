/**
 * Fiscal documents travel as base64 of UTF-8 bytes. `atob` alone yields one character per byte,
 * which garbles Cyrillic, so the bytes go through TextDecoder; a body that is not UTF-8 is shown
 * anyway (with replacement characters) and said to be so, since that is itself why a tax server
 * would refuse it.
 */

export interface DecodedText {
  readonly text: string;
  /** False when the bytes are not valid UTF-8 (or not valid base64). */
  readonly valid: boolean;
}

function bytesOf(b64: string): Uint8Array | undefined {
  try {
    const binary = atob(b64.replace(/\s/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

export function decodeBase64Utf8(b64: string): DecodedText {
  const bytes = bytesOf(b64);
  if (!bytes) return { text: '', valid: false };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), valid: false };
  }
}

/** The base64 of a text's UTF-8 bytes (what a corrected document is sent as). */
export function encodeUtf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In slices: String.fromCharCode with a whole large document as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
