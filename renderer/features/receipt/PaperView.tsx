/** Any paper of the till, drawn: a receipt-class document or a shift's report. */
import type { PaperWidth } from '../../../shared/bridge/api.js';
import { useShopTimeZone } from '../../ui/shop-time.js';
import type { Paper } from './paper.js';
import { ReceiptPaper } from './ReceiptPaper.js';
import { ReportPaper } from './ReportPaper.js';

export function PaperView({ paper, width }: { paper: Paper; width: PaperWidth }) {
  const timeZone = useShopTimeZone();
  return paper.kind === 'receipt' ? (
    <ReceiptPaper receipt={paper.receipt} width={width} />
  ) : (
    <ReportPaper report={paper.report} width={width} timeZone={timeZone} />
  );
}
