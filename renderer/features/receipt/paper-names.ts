/** What the dialogs call a paper ("чек № 12", "Z-звіт зміни № 5"), from the paper or, unread, from its target. */
import type { TFunction } from 'i18next';
import { COLLECTION_REASON } from '../../../shared/fiscal/choices.js';
import { isReportTarget, type Paper, type PaperTarget } from './paper.js';

function nameOfPaper(t: TFunction, p: Paper): string {
  if (p.kind === 'report') {
    return p.report.head.kind === 'z' ? t('paper.z', { nc: p.report.head.shift_id }) : t('paper.x');
  }
  const h = p.receipt.head;
  switch (h.kind) {
    case 'return':
      return t('paper.return', { nc: h.return_id });
    case 'deposit':
      return t('paper.deposit');
    case 'withdrawal':
      return t(h.comment === COLLECTION_REASON ? 'paper.collection' : 'paper.withdrawal');
    case 'repayment':
      return t('paper.repayment', { nc: h.check_number });
    default:
      return t('paper.sale', { nc: h.check_number });
  }
}

function nameOfTarget(t: TFunction, target: PaperTarget): string {
  if (isReportTarget(target)) return target.shift.shiftId === 0 ? t('paper.x') : t('paper.z', { nc: target.shift.shiftId });
  if ('docId' in target) return t('paper.document', { nc: target.docId });
  return 'returnId' in target ? t('paper.return', { nc: target.returnId }) : t('paper.sale', { nc: target.checkNumber });
}

/** The papers' names joined: "чек інкасації і Z-звіт зміни № 5". */
export function paperNames(t: TFunction, targets: readonly PaperTarget[], papers: readonly Paper[]): string {
  const names = targets.map((target, i) => {
    const p = papers[i];
    return p ? nameOfPaper(t, p) : nameOfTarget(t, target);
  });
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${t('paper.and')} ${names.at(-1)}`;
}
