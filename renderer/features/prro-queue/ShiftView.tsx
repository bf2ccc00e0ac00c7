/**
 * The per-shift view of F5: the shifts opened on some days (pos.shifts), and one shift's
 * documents in chain order (pos.shift_documents) with their statuses, chain breaks marked, and a
 * document's facts with the audit trail of every change a person made to it.
 */

import type { KeyboardEvent } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { DateField } from '../../ui/DateField.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { AuditTrail } from './AuditTrail.js';
import { filterProblems, type PrroFilter } from './filters.js';
import { shortHash, shownTime } from './rows.js';
import { type ShiftDoc, shiftDocs } from './shift-docs.js';
import { type ShiftFilter, usePrroView } from './view-store.js';

/** ↑ ↓ walk the buttons of a list, as the journal's receipts do. */
function walk(e: KeyboardEvent<HTMLElement>, selector: string) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>(selector)];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

export function ShiftView({ queueFilter }: { readonly queueFilter: PrroFilter }) {
  const { t } = useTranslation('prro');
  const view = usePrroView();
  const filter: ShiftFilter = view.shiftFilter ?? { start: queueFilter.start, end: queueFilter.end, kasm: queueFilter.kasm };
  return (
    <div className="prro-shifts" data-testid="prro-shifts">
      <ShiftFilterForm initial={filter} onApply={view.applyShifts} />
      <div className="prro-shifts-main">
        <ShiftList filter={filter} selected={view.shiftId} onOpen={view.openShift} />
        {view.shiftId ? (
          <ShiftDocuments key={view.shiftId} shiftId={view.shiftId} selected={view.shiftDocId} onSelect={view.selectShiftDoc} />
        ) : (
          <p className="muted">{t('shifts.choose')}</p>
        )}
      </div>
    </div>
  );
}

function ShiftFilterForm({ initial, onApply }: { readonly initial: ShiftFilter; readonly onApply: (f: ShiftFilter) => void }) {
  const { t } = useTranslation('prro');
  const [f, setF] = useState(initial);
  const problems = filterProblems({ ...f, numprro: '', scope: 'kas' });
  const apply = () => {
    if (Object.keys(problems).length === 0) onApply({ ...f, kasm: f.kasm.trim() });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    apply();
  };
  return (
    <fieldset className="prro-filters" aria-label={t('shifts.legend')}>
      <div className="row">
        <DateField
          label={t('shifts.start')}
          value={f.start}
          problem={problems.start ? t(`filters.problems.${problems.start}`) : undefined}
          onDate={(start) => setF((x) => ({ ...x, start }))}
          onKeyDown={onKeyDown}
          data-testid="prro-shifts-start"
        />
        <DateField
          label={t('shifts.end')}
          value={f.end}
          problem={problems.end ? t(`filters.problems.${problems.end}`) : undefined}
          onDate={(end) => setF((x) => ({ ...x, end }))}
          onKeyDown={onKeyDown}
          data-testid="prro-shifts-end"
        />
        <Field
          label={t('shifts.kasm')}
          inputMode="numeric"
          placeholder={t('shifts.kasmHint')}
          value={f.kasm}
          problem={problems.kasm ? t(`filters.problems.${problems.kasm}`) : undefined}
          onChange={(e) => setF({ ...f, kasm: e.target.value })}
          onKeyDown={onKeyDown}
          data-testid="prro-shifts-kasm"
        />
        <div className="field">
          <button type="button" className="primary" onClick={apply} data-testid="prro-shifts-apply">
            {t('filters.apply')} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </fieldset>
  );
}

function ShiftList(props: {
  readonly filter: ShiftFilter;
  readonly selected: string | null;
  readonly onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('prro');
  const { start, end, kasm } = props.filter;
  const shifts = useRead(op.pos.shifts, { kasm: kasm === '' ? 0 : Number(kasm), start, end }, { staleTime: 0 });
  const rows = rowsOf(shifts.data);
  return (
    <section className="prro-shift-list" aria-labelledby="prro-shift-list-title">
      <h2 id="prro-shift-list-title">{t('shifts.list')}</h2>
      {shifts.isPending ? <Loading /> : null}
      <ErrorMessage error={shifts.error} />
      {shifts.isSuccess && rows.length === 0 ? <p className="muted">{t('shifts.none')}</p> : null}
      {rows.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th>{t('shifts.id')}</th>
              <th className="num">{t('shifts.till')}</th>
              <th>{t('shifts.cashier')}</th>
              <th>{t('shifts.opened')}</th>
              <th>{t('shifts.closed')}</th>
            </tr>
          </thead>
          <tbody onKeyDown={(e) => walk(e, 'button[data-testid="prro-shift"]')}>
            {rows.map((s) => (
              <tr key={s.shift_id} className={s.shift_id === props.selected ? 'selected' : undefined}>
                <td>
                  <button
                    type="button"
                    aria-pressed={s.shift_id === props.selected}
                    onClick={() => props.onOpen(s.shift_id)}
                    data-testid="prro-shift"
                    data-shift={s.shift_id}
                  >
                    №{s.shift_id}
                  </button>
                </td>
                <td className="num">{s.kasm}</td>
                <td>{s.cashier}</td>
                <td>{shownTime(s.opened_at)}</td>
                <td>{s.closed_at ? shownTime(s.closed_at) : <span className="badge ok">{t('shifts.stillOpen')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function ShiftDocuments(props: {
  readonly shiftId: string;
  readonly selected: string | null;
  readonly onSelect: (id: string | null) => void;
}) {
  const { t } = useTranslation('prro');
  const read = useRead(op.pos.shiftDocuments, { shift_id: Number(props.shiftId) }, { staleTime: 0 });
  const docs = useMemo(() => shiftDocs(rowsOf(read.data)), [read.data]);
  const breaks = docs.filter((d) => d.link === 'break').length;
  const first = docs[0]?.row;
  const chosen = docs.find((d) => d.id === props.selected);
  return (
    <section
      className="prro-shift-docs"
      aria-labelledby="prro-shift-docs-title"
      data-testid="prro-shift-docs"
      data-shift={props.shiftId}
    >
      <h2 id="prro-shift-docs-title">
        {first ? t('shifts.docsTitle', { shift: props.shiftId, kasm: first.kasm, numprro: first.numprro }) : `№${props.shiftId}`}{' '}
        {breaks > 0 ? (
          <span className="badge bad" data-testid="prro-shift-breaks">
            {t('grid.breaks', { count: breaks })}
          </span>
        ) : null}
      </h2>
      <p className="muted">{t('shifts.chainHelp')}</p>
      {read.isPending ? <Loading /> : null}
      <ErrorMessage error={read.error} />
      {read.isSuccess && docs.length === 0 ? <p className="muted">{t('shifts.docsNone')}</p> : null}
      {docs.length > 0 ? (
        <table aria-label={t('shifts.docsLabel')}>
          <thead>
            <tr>
              <th className="num">{t('grid.columns.local_num')}</th>
              <th>{t('grid.columns.created_at')}</th>
              <th>{t('grid.columns.doc_type')}</th>
              <th>{t('grid.columns.status')}</th>
              <th>{t('grid.columns.chain')}</th>
              <th>{t('grid.columns.fiscal_number')}</th>
              <th>{t('grid.columns.last_error')}</th>
            </tr>
          </thead>
          <tbody onKeyDown={(e) => walk(e, 'button[data-testid="prro-shift-doc"]')}>
            {docs.map((d) => (
              <tr
                key={d.id}
                className={
                  `${d.link === 'break' ? 'chain-break' : ''}${d.id === props.selected ? ' selected' : ''}`.trim() || undefined
                }
                data-testid="prro-shift-row"
                data-id={d.id}
                data-status={d.status ?? d.row.status}
                data-chain={d.link}
              >
                <td className="num">
                  <button
                    type="button"
                    aria-pressed={d.id === props.selected}
                    aria-label={t('shifts.openDoc', { num: d.row.local_num })}
                    onClick={() => props.onSelect(d.id === props.selected ? null : d.id)}
                    data-testid="prro-shift-doc"
                  >
                    {d.row.local_num}
                  </button>
                </td>
                <td>{shownTime(d.row.created_at)}</td>
                <td>{t(`docTypes.${d.row.doc_type}`, { defaultValue: d.row.doc_type })}</td>
                <td className={d.status ? `status-${d.status}` : undefined}>
                  {d.status ? t(`statuses.${d.status}`) : d.row.status}
                </td>
                <td className={`chain-${d.link}`}>{d.link === 'withdrawn' ? t('shifts.withdrawn') : t(`chain.${d.link}`)}</td>
                <td>{d.row.fiscal_number}</td>
                <td className="prro-shift-error" title={d.row.last_error}>
                  {d.row.last_error}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {chosen ? <ShiftDocDetail doc={chosen} onClose={() => props.onSelect(null)} /> : null}
    </section>
  );
}

function ShiftDocDetail({ doc, onClose }: { readonly doc: ShiftDoc; readonly onClose: () => void }) {
  const { t } = useTranslation('prro');
  const r = doc.row;
  return (
    <aside
      className="prro-shift-detail"
      data-testid="prro-shift-detail"
      data-id={doc.id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="prro-detail-head">
        <h3>{t('detail.title', { num: r.local_num })}</h3>
        <button type="button" onClick={onClose}>
          <kbd>Esc</kbd> {t('detail.close')}
        </button>
      </header>
      <dl className="prro-facts">
        <dt>{t('detail.type')}</dt>
        <dd>{t(`docTypes.${r.doc_type}`, { defaultValue: r.doc_type })}</dd>
        <dt>{t('detail.till')}</dt>
        <dd>{t('detail.tillValue', { kasm: r.kasm, numprro: r.numprro })}</dd>
        <dt>{t('detail.fiscal')}</dt>
        <dd>{r.fiscal_number || <span className="muted">{t('detail.noFiscal')}</span>}</dd>
        <dt>{t('detail.hash')}</dt>
        <dd className="hash">{r.doc_hash}</dd>
        <dt>{t('detail.prevHash')}</dt>
        <dd className="hash">{r.prev_doc_hash || <span className="muted">{t('detail.noPrevHash')}</span>}</dd>
        <dt>{t('detail.chain')}</dt>
        <dd>
          {doc.link === 'break'
            ? t('chain.explain.break', {
                actual: shortHash(r.prev_doc_hash ?? '') || t('detail.noPrevHash'),
                expected: shortHash(r.expected_prev_hash ?? '') || t('detail.noPrevHash'),
              })
            : doc.link === 'withdrawn'
              ? t('shifts.withdrawn')
              : t(`chain.${doc.link}`)}
        </dd>
        <dt>{t('detail.error')}</dt>
        <dd>{r.last_error || <span className="muted">{t('detail.noError')}</span>}</dd>
      </dl>
      <AuditTrail docId={doc.id} />
    </aside>
  );
}
