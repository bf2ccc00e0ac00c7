/**
 * The first step of a return: which receipt. A number typed by hand, or the QR code of the
 * customer's paper receipt scanned into the same field (the scanner types its link and Enter);
 * the link's fiscal and register numbers find the receipt (pos.receipt_find).
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { parseReceiptQr, readReceiptQuery } from './qr.js';

export function FindReceipt({ initial, onFound }: { readonly initial: string; readonly onFound: (checkNumber: number) => void }) {
  const { t } = useTranslation('returns');
  const client = useQueryClient();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const [looking, setLooking] = useState(false);

  const look = async () => {
    setFailure(null);
    const q = readReceiptQuery(text);
    if (q.kind === 'invalid') {
      setProblem(t(`find.problems.${q.why}`));
      return;
    }
    setProblem(undefined);
    if (q.kind === 'number') {
      onFound(q.checkNumber);
      return;
    }
    setLooking(true);
    try {
      const found = rowsOf(
        await fetchRead(client, op.pos.receiptFind, { fiscal_number: q.qr.fiscalNumber, numprro: q.qr.numprro }),
      );
      const sale = found.find((r) => r.kind === 'sale');
      const other = found[0];
      if (sale) onFound(Number(sale.check_number));
      else if (other) setProblem(t('find.problems.isReturn', { id: other.return_id, nc: other.check_number }));
      else setProblem(t('find.problems.notFound', { fiscal: q.qr.fiscalNumber, numprro: q.qr.numprro }));
    } catch (error) {
      setFailure(error);
    } finally {
      setLooking(false);
    }
  };

  // A QR code scanned on the sale screen opens the return with its link: looked up at once.
  const lookAtOnce = useRef(parseReceiptQr(initial) !== undefined);
  useEffect(() => {
    if (!lookAtOnce.current) return;
    lookAtOnce.current = false;
    void look();
  });

  return (
    <div className="returns-find">
      <p className="returns-muted">{t('find.hint')}</p>
      <div className="row">
        <Field
          label={t('find.label')}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={text}
          problem={problem}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void look();
          }}
          data-testid="return-find"
        />
        <div className="field">
          <button type="button" className="primary" disabled={looking} onClick={() => void look()} data-testid="return-find-go">
            {t('find.look')} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
      {looking ? (
        <p className="loading" role="status">
          {t('find.looking')}
        </p>
      ) : null}
      <ErrorMessage error={failure} testId="return-find-error" />
    </div>
  );
}
