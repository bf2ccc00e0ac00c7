/** Any paper of the till as ESC/POS lines: the layout of its kind. */
import type { Paper } from '../../../../shared/paper/paper.js';
import type { Block } from './blocks.js';
import { receiptBlocks } from './receipt.js';
import { reportBlocks } from './report.js';
import { serviceBlocks } from './service.js';

export function paperBlocks(paper: Paper, timeZone: string): Block[] {
  if (paper.kind === 'report') return reportBlocks(paper.report, timeZone);
  const kind = paper.receipt.head.kind;
  return kind === 'deposit' || kind === 'withdrawal' ? serviceBlocks(paper.receipt) : receiptBlocks(paper.receipt);
}
