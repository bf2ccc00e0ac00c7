/** A document's numbers, hashes and place in the chain (why it is listed comes first: Reason.tsx). */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChainVerdict } from './chain.js';
import type { GridRow } from './rows.js';
import { shortHash, shownTime } from './rows.js';

interface Props {
  readonly doc: GridRow;
  /** Opens the per-shift view on the document's shift. */
  readonly onOpenShift: (shiftId: string) => void;
}

export function DocFacts({ doc, onOpenShift }: Props) {
  const { t } = useTranslation('prro');
  const r = doc.row;
  return (
    <>
      <dl className="prro-facts">
        <dt>{t('detail.type')}</dt>
        <dd>{t(`docTypes.${r.doc_type}`, { defaultValue: r.doc_type })}</dd>
        <dt>{t('detail.created')}</dt>
        <dd>{shownTime(r.created_at)}</dd>
        <dt>{t('detail.till')}</dt>
        <dd data-testid="prro-detail-till">{t('detail.tillValue', { kasm: r.kasm, numprro: r.numprro })}</dd>
        <dt>{t('detail.shift')}</dt>
        <dd data-testid="prro-detail-shift" data-shift={doc.shift}>
          {doc.shift ? (
            <button type="button" onClick={() => onOpenShift(doc.shift)} data-testid="prro-open-shift">
              {t('detail.openShift', { shift: doc.shift })} <kbd>Alt+Z</kbd>
            </button>
          ) : (
            <span className="muted">{t('detail.noShift')}</span>
          )}
        </dd>
        <dt>{t('detail.fiscal')}</dt>
        <dd data-testid="prro-fiscal">{r.fiscal_number || <span className="muted">{t('detail.noFiscal')}</span>}</dd>
        <dt>{t('detail.localNumbers')}</dt>
        <dd>{t('detail.localNumbersValue', { num: r.local_num, doc: r.local_doc_number, session: r.offline_session_id })}</dd>
        <dt>{t('detail.control')}</dt>
        <dd data-testid="prro-control">{r.control_code}</dd>
        <dt>{t('detail.user')}</dt>
        <dd>{r.user_id}</dd>
        <dt>{t('detail.id')}</dt>
        <dd>{r.id}</dd>
        <dt>{t('detail.hash')}</dt>
        <dd className="hash" data-testid="prro-hash">
          {r.doc_hash}
        </dd>
        <dt>{t('detail.prevHash')}</dt>
        <dd className="hash" data-testid="prro-prev-hash">
          {r.prev_doc_hash || <span className="muted">{t('detail.noPrevHash')}</span>}
        </dd>
      </dl>

      <h3>{t('detail.chain')}</h3>
      <p className={`chain-verdict chain-${doc.chain.kind}`} data-testid="prro-chain" role="status">
        <span className={`badge ${badgeOf(doc.chain)}`}>{t(`chain.${doc.chain.kind}`)}</span> {explain(doc, t)}
      </p>
    </>
  );
}

const badgeOf = (v: ChainVerdict) => (v.kind === 'break' ? 'bad' : v.kind === 'linked' || v.kind === 'first' ? 'ok' : 'warn');

function explain(doc: GridRow, t: TFunction): string {
  const v = doc.chain;
  const actual = shortHash(doc.row.prev_doc_hash) || t('detail.noPrevHash');
  switch (v.kind) {
    case 'linked':
      // Linked is to the document right before it in the chain, wherever it is in the list.
      return t('chain.explain.linked', { num: Number(doc.row.local_num) - 1 });
    case 'break':
      return v.previousId === null
        ? t('chain.explain.breakFirst', { actual })
        : t('chain.explain.break', { actual, expected: shortHash(v.expected) || t('detail.noPrevHash') });
    case 'unlisted':
      return t('chain.explain.unlisted', { num: Number(doc.row.local_num) - 1 });
    default:
      return t(`chain.explain.${v.kind}`);
  }
}
