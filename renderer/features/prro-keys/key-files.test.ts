import { describe, expect, it } from 'vitest';
import { bytesToBase64, fileProblem, fileToBase64, MAX_BYTES } from './key-files.js';

describe("the key's files", () => {
  it('are sent as base64 of their bytes, large ones too', async () => {
    expect(bytesToBase64(new Uint8Array([0, 1, 2, 250, 255]))).toBe(Buffer.from([0, 1, 2, 250, 255]).toString('base64'));
    const big = new Uint8Array(MAX_BYTES.container).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
    expect(await fileToBase64(new Blob([new Uint8Array([0x30, 0x82, 0x01])]))).toBe('MIIB');
  });

  it('are refused before they are read when empty or over what the back office takes', () => {
    expect(fileProblem({ name: 'Key-6.dat', size: 4096 }, 'container')).toBeUndefined();
    expect(fileProblem({ name: 'Key-6.dat', size: 0 }, 'container')).toEqual({ kind: 'empty', name: 'Key-6.dat' });
    expect(fileProblem({ name: 'big.pfx', size: 64 * 1024 + 1 }, 'container')).toEqual({
      kind: 'tooLarge',
      name: 'big.pfx',
      size: 65_537,
      max: 65_536,
    });
    expect(fileProblem({ name: 'sign.cer', size: 16 * 1024 + 1 }, 'certificate')).toMatchObject({ kind: 'tooLarge' });
  });
});
