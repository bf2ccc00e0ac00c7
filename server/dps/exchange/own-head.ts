/**
 * What an outgoing document says of itself, read from inside its signature: the few head fields
 * the exchange needs (UID, ORDERNUM, DOCTYPE, ORDERTAXNUM…), as ASCII (tags and these values are,
 * in windows-1251), without parsing the whole document.
 */
import type { Outgoing } from '../port.js';
import { CmsError, contentOf } from '../signing/cms.js';
import { NotSignedError } from './errors.js';

export interface OwnHead {
  /** A head element's text, trimmed; undefined where the document has none. */
  field(name: string): string | undefined;
  /** Whether the root is a Z-report. */
  readonly zrep: boolean;
}

export function ownHeadOf(out: Outgoing): OwnHead {
  let xml: Buffer;
  try {
    xml = contentOf(out.body);
  } catch (err) {
    if (err instanceof CmsError) throw new NotSignedError(out.numprro, out.localNum);
    throw err;
  }
  const t = xml.toString('latin1');
  return {
    field: (name) => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(t)?.[1],
    zrep: /<ZREP[\s>]/.test(t),
  };
}
