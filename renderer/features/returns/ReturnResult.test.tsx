// @vitest-environment happy-dom
/** Issue 20: the return's result said "ФН буде після відправлення" while the paper already had it. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { Head, Receipt } from '../../../shared/paper/receipt.js';
import { initI18n } from '../../i18n/i18n.js';
import { useReceipt } from '../receipt/receipt-store.js';
import { type ReturnDone, ReturnResult } from './ReturnResult.js';

beforeAll(() => initI18n('uk'));
afterEach(() => {
  cleanup();
  useReceipt.setState({ printing: null });
});

const done = { return_id: '7', total: '54.60', cash: '54.60', fiscal_number: '', fiscal_mode: '' } as unknown as ReturnDone;
const paper = (head: Partial<Head>): Receipt =>
  ({
    head: { kind: 'return', return_id: '7', check_number: '', mode: 'online', ...head },
    lines: [],
    pays: [],
    taxes: [],
    header: [],
    footer: [],
  }) as unknown as Receipt;

const receiptPaper = (head: Partial<Head>) => ({ kind: 'receipt' as const, receipt: paper(head) });

it('says the fiscal number the printed return carries, once the paper has it', () => {
  render(<ReturnResult result={done} onAgain={() => undefined} />);
  expect(screen.getByTestId('return-result-fiscal').textContent).toBe('Фіскальний номер буде після відправлення до ДПС');
  act(() => useReceipt.setState({ printing: { paper: receiptPaper({ fiscal_number: '1284310' }), width: 80, heightMm: 120 } }));
  expect(screen.getByTestId('return-result-fiscal').textContent).toBe('Фіскальний № 1284310 (онлайн)');
});

it("never takes another receipt's number", () => {
  useReceipt.setState({
    printing: { paper: receiptPaper({ return_id: '8', fiscal_number: '1284311' }), width: 80, heightMm: 120 },
  });
  render(<ReturnResult result={done} onAgain={() => undefined} />);
  expect(screen.getByTestId('return-result-fiscal').dataset.fiscal).toBe('');
});
