/**
 * What withdrawing a document leaves behind, said where the withdrawal is asked. The back office
 * only takes the document out of its chain (server prro/queue.ts, setDocStatus): the sale, return
 * or cash movement it records stays in the books, while the X- and Z-reports total only the
 * documents still in the chain (server shifts/totals.ts over shiftDocs). A manager who withdraws a
 * rejected receipt to unblock the queue must know the Z-report will then differ from the books.
 */
import { useTranslation } from 'react-i18next';

/** Document kinds that record something in the books, in the order their sentences are said. */
const IN_BOOKS = ['receipt', 'return', 'service_deposit', 'service_withdrawal'] as const;
const SALES: readonly string[] = ['receipt', 'return'];

/** One document's kind, or the kinds of the documents a bulk change withdraws. */
export function WithdrawNote({ docTypes, bulk = false }: { readonly docTypes: readonly string[]; readonly bulk?: boolean }) {
  const { t } = useTranslation('prro');
  const kinds = IN_BOOKS.filter((k) => docTypes.includes(k));
  const keys = bulk
    ? [
        ...(kinds.some((k) => SALES.includes(k)) ? ['bulkSales'] : []),
        ...(kinds.some((k) => !SALES.includes(k)) ? ['bulkCash'] : []),
      ]
    : kinds;
  if (keys.length === 0) return null;
  return (
    <div className="prro-withdraw-note" role="note" data-testid="prro-withdraw-note" data-kinds={kinds.join(' ')}>
      {keys.map((k) => (
        <p key={k}>{t(`withdraw.${k}`)}</p>
      ))}
    </div>
  );
}
