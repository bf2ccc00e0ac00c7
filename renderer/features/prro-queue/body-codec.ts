/**
 * Fiscal documents travel as base64 of their bytes, in the encoding their XML declaration names:
 * windows-1251 for the tax service (older documents of this queue were UTF-8). `atob` alone yields
 * one character per byte, which garbles Cyrillic, so the bytes go through TextDecoder; a body
 * that is not valid in its encoding is shown anyway (with replacement characters) and said to be
 * so, since that is itself why a tax server would refuse it. A corrected body goes back in the
 * encoding its own declaration names.
 */
import { encodeCp1251 } from '../../../shared/fiscal/cp1251.js';

export interface DecodedText {
  readonly text: string;
  /** False when the bytes are not valid in their encoding (or not valid base64). */
  readonly valid: boolean;
}

const DECLARED = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i;

/** The encoding a document's declaration names: windows-1251, or UTF-8 (the XML default). */
export function encodingOf(head: string): 'windows-1251' | 'utf-8' {
  const name = DECLARED.exec(head)?.[1]?.toLowerCase();
  return name === 'windows-1251' || name === 'cp1251' ? 'windows-1251' : 'utf-8';
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

export function decodeBody(b64: string): DecodedText {
  const bytes = bytesOf(b64);
  if (!bytes) return { text: '', valid: false };
  // The declaration is ASCII in either encoding.
  const encoding = encodingOf(new TextDecoder('latin1').decode(bytes.subarray(0, 100)));
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder(encoding).decode(bytes), valid: false };
  }
}

/** The base64 of a text's bytes in the encoding its declaration names (what a corrected document is sent as). */
export function encodeBody(text: string): string {
  const bytes = encodingOf(text) === 'windows-1251' ? encodeCp1251(text) : new TextEncoder().encode(text);
  let binary = '';
  // In slices: String.fromCharCode with a whole large document as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
