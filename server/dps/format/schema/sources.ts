/**
 * The vendored XSDs (xsd/, windows-1251 as the DPS publishes them) read and compiled: for
 * generate.ts and for the test that keeps model.generated.ts in step. Node only: the validator
 * never imports this, it imports the generated module.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { compileXsd, XsdUnsupportedError } from './compile.js';
import type { DpsRoot, Schema } from './model.js';

export const XSD_DIR = new URL('./xsd/', import.meta.url);
export const XSD_FILES: Readonly<Record<DpsRoot, string>> = { CHECK: 'check01.xsd', ZREP: 'zrep01.xsd', TICKET: 'ticket01.xsd' };

const DECLARED = /^<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/;

/** An XSD's text; refuses any other declared encoding, which would garble its Cyrillic patterns. */
export function decodeXsd(bytes: Uint8Array, file: string): string {
  const declared = DECLARED.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1];
  if (declared?.toLowerCase() !== 'windows-1251') {
    throw new XsdUnsupportedError(`${file}: declared encoding ${declared ?? '(none)'}, expected windows-1251`);
  }
  return new TextDecoder('windows-1251').decode(bytes);
}

export interface Compiled {
  readonly schemas: Readonly<Record<DpsRoot, Schema>>;
  readonly sha256: Readonly<Record<string, string>>;
}

export function compileVendored(): Compiled {
  const schemas = {} as Record<DpsRoot, Schema>;
  const sha256: Record<string, string> = {};
  for (const [root, file] of Object.entries(XSD_FILES) as [DpsRoot, string][]) {
    const bytes = readFileSync(new URL(file, XSD_DIR));
    const schema = compileXsd(decodeXsd(bytes, file), file);
    if (schema.root.name !== root)
      throw new XsdUnsupportedError(`${file}: the root element is ${schema.root.name}, expected ${root}`);
    schemas[root] = schema;
    sha256[file] = createHash('sha256').update(bytes).digest('hex');
  }
  return { schemas, sha256 };
}
