/** What a write's outcome means for the PRRO screen: a notice, or a refusal to show beside the action. */

import type { TFunction } from 'i18next';
import type { WriteOutcome } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { BridgeError, getBridge } from '../../bridge/index.js';
import type { Notice } from './view-store.js';

export interface Settled {
  /** Said at the top of the screen (the document may leave the grid). */
  readonly notice: Notice | null;
  /** Said next to the action that caused it. */
  readonly refusal: BridgeError | null;
  /** The service's answer when done: how many documents changed. */
  readonly affected: number | null;
}

export function settle(outcome: WriteOutcome, t: TFunction, done: (affected: number) => Notice): Settled {
  switch (outcome.status) {
    case 'done': {
      const affected = Number(outcome.result.status.affected ?? '0');
      return { notice: done(affected), refusal: null, affected };
    }
    case 'queued':
      return { notice: { kind: 'info', text: t('outcome.queued') }, refusal: null, affected: null };
    case 'refused':
      return { notice: null, refusal: BridgeError.from(outcome.error), affected: null };
    case 'reconcile':
      return { notice: { kind: 'warn', text: t('outcome.reconcile') }, refusal: BridgeError.from(outcome.error), affected: null };
  }
}

/**
 * A refusal shown on this screen is settled at once (reconciled with a note), as the sale's and the
 * shift's are: nothing was changed, and the refused write must neither hold the document's next
 * change behind it in the outbox (a group waits behind a refused item) nor sit there as needing a
 * person. Should settling fail, the item stays in the outbox as needing attention: nothing is lost.
 */
export async function settleShownRefusal(outcome: WriteOutcome, note: string): Promise<void> {
  if (outcome.status !== 'refused') return;
  await getBridge()
    .queueReconcile(outcome.id, note)
    .catch(() => undefined);
}

/** The grid, the documents' XML, the chain, the shifts' documents and the audit trail after a change the service made. */
export const PRRO_READS = [
  ['rpc', op.pos.prroInlineErrorGrid],
  ['rpc', op.pos.prroErrorGridPage],
  ['rpc', op.pos.prroInlineErrorDocs],
  ['rpc', op.pos.prroUnsentChain],
  ['rpc', op.pos.shiftDocuments],
  ['rpc', op.pos.prroDocAudit],
] as const;
