/** What a card payment's bridge call is turned into: the amount the terminal is asked for, and how its write is stored. */

import { Decimal } from 'decimal.js';
import type { WriteOptions } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import type { op, ParamsOf } from '../../../shared/contract/index.js';
import type { describeWrite } from '../describe-write.js';

/** The card (bn) part of a close: what the terminal is asked to take. */
export function cardPart(payments: ParamsOf<typeof op.pos.checkoutCloseSale>['payments']): string {
  const part = payments.filter((p) => p.type === 'bn').reduce((s, p) => s.plus(new Decimal(p.amount)), new Decimal(0));
  if (!part.gt(0))
    throw new BridgeError('BAD_ARGUMENTS', 'a card payment needs a card (bn) part', [
      { path: 'params.payments', problem: 'has no bn payment to take on the terminal' },
    ]);
  return part.toFixed(2);
}

/** How the write a card approval completes is stored: the bridge's options, or the write's own description. */
export function writeOptionsOf(options: WriteOptions, group: string, described: ReturnType<typeof describeWrite>) {
  return {
    group: options.group ?? group,
    summary: options.summary ?? described.summary,
    ...((options.label ?? described.label) ? { label: options.label ?? described.label } : {}),
    ...(options.confirmation === undefined ? {} : { confirmation: options.confirmation }),
  };
}
