/**
 * When the cash drawer opens: for cash that changes hands, once. A sale or a return paid (partly)
 * in cash, a debt repaid in cash, a service deposit or withdrawal (a collection too); never a sale
 * paid by card alone, an X- or Z-report, or a paper printed again later (the journal's reprint):
 * the drawer opens only for a document made within the last minutes, and only the first time it
 * is given, which the main process remembers (not the renderer, which only names the paper).
 */
import { PAY_FORMS } from '../../../shared/fiscal/choices.js';
import type { Paper } from '../../../shared/paper/paper.js';

/** A document older than this is being printed again, not given with its cash. */
export const FRESH_MS = 5 * 60_000;
const REMEMBERED = 500;

/** Whether a paper's document moved cash in or out of the drawer. */
export function movesCash(paper: Paper): boolean {
  if (paper.kind !== 'receipt') return false;
  const h = paper.receipt.head;
  if (h.kind === 'deposit' || h.kind === 'withdrawal') return true;
  return paper.receipt.pays.some((p) => Number(p.code) === PAY_FORMS.nal.code && Number(p.sum) !== 0);
}

export class DrawerRule {
  private readonly opened_: string[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Whether this paper's cash is due to open the drawer now (fresh, moving cash, not opened for yet). */
  due(paper: Paper): boolean {
    if (paper.kind !== 'receipt' || !movesCash(paper)) return false;
    const h = paper.receipt.head;
    const made = Date.parse(h.created_at);
    if (!Number.isFinite(made) || this.now().getTime() - made > FRESH_MS) return false;
    return !this.opened_.includes(h.doc_id);
  }

  /** The drawer's pulse went to the printer for this paper: it never opens the drawer again. */
  opened(paper: Paper): void {
    if (paper.kind !== 'receipt' || this.opened_.includes(paper.receipt.head.doc_id)) return;
    this.opened_.push(paper.receipt.head.doc_id);
    if (this.opened_.length > REMEMBERED) this.opened_.shift();
  }
}
