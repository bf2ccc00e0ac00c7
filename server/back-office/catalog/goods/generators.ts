/** Free codes for new cards: a three-digit article, an internal EAN-13 under a prefix. */

import { withCheckDigit } from '../../../../shared/barcodes/ean.js';
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import type { Handler } from '../../handlers.js';
import { goodsSql } from './statements.js';

/** The lowest article 001..999 no card uses. */
export const makeArt: Handler<typeof op.generators.makeArt> = (_p, { db }) => {
  let next = 1;
  for (const { art } of goodsSql(db).usedArticles.all()) {
    if (Number(art) > next) break;
    if (Number(art) === next) next++;
  }
  if (next > 999) throw refuse('params', 'generator.articles_exhausted');
  return { value: String(next).padStart(3, '0') };
};

/**
 * The code after the highest one under the prefix (among product and extra codes), with its
 * check digit; numbering starts at 1, so a prefix alone never becomes a code by accident.
 */
export const makeOwn: Handler<typeof op.generators.makeOwn> = ({ prefix }, { db }) => {
  const g = goodsSql(db);
  const free = 12 - prefix.length;
  const highest = g.highestCode.get({ pattern: prefix + '[0-9]'.repeat(13 - prefix.length) })?.code;
  if (free === 0) {
    const only = withCheckDigit(prefix);
    if (g.codeTaken.get({ code: only })) throw refuse('params.prefix', 'generator.prefix_exhausted', { prefix });
    return { value: only };
  }
  const last = highest ? BigInt(highest.slice(prefix.length, 12)) : 0n;
  const next = (last + 1n).toString().padStart(free, '0');
  if (next.length > free) throw refuse('params.prefix', 'generator.prefix_exhausted', { prefix });
  return { value: withCheckDigit(prefix + next) };
};
