/**
 * Moving every document of the filter's till and PRRO from one status to another. The service
 * moves them whatever their date, so the count the confirmation states is taken from the error
 * grid over all dates, just before asking. Only a status some of that grid's rows are in can be
 * counted, so only those are offered as the status to move from. A selection that leaves later
 * documents of a chain behind it (dependents.ts) says which, and is asked again. Withdrawing
 * receipts or cash movements says that the books keep them (WithdrawNote).
 */

import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrroStatusName } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead, useWrite } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { confirmWithManager } from '../people/manager-confirm.js';
import { DependentsWarning } from './DependentsWarning.js';
import { dependentsOf } from './dependents.js';
import { ALL_DATES, gridParams, type PrroFilter } from './filters.js';
import { PRRO_READS, settle, settleShownRefusal } from './outcome.js';
import { codeOf, SETTABLE_STATUSES, statusesIn } from './status.js';
import { useUnsentChain } from './use-chain.js';
import type { Notice } from './view-store.js';
import { WithdrawNote } from './WithdrawNote.js';

interface Props {
  readonly filter: PrroFilter;
  readonly onClose: () => void;
  readonly onNotice: (notice: Notice) => void;
}

export function scopeText(f: PrroFilter, t: TFunction): string {
  const kasm = f.kasm.trim();
  const numprro = f.numprro.trim();
  const where = kasm
    ? numprro
      ? t('bulk.scope', { kasm, numprro })
      : t('bulk.scopeKasm', { kasm })
    : numprro
      ? t('bulk.scopeNumprro', { numprro })
      : t('bulk.scopeAll');
  return f.scope === 'user' ? `${where}${t('bulk.mine')}` : where;
}

export function BulkPanel({ filter, onClose, onNotice }: Props) {
  const { t } = useTranslation('prro');
  const client = useQueryClient();
  const [chosen, setChosen] = useState<PrroStatusName | null>(null);
  const [to, setTo] = useState<PrroStatusName | ''>('');
  const [asking, setAsking] = useState<false | 'first' | 'again'>(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const all = useRead(op.pos.prroInlineErrorGrid, gridParams(filter, ALL_DATES), { staleTime: 0 });
  const write = useWrite(op.pos.prroInlineSetStatusByFilter);
  const present = useMemo(() => statusesIn(rowsOf(all.data)), [all.data]);
  // A status chosen stays offered after a recount finds none in it, so the choice never changes by itself.
  const from = chosen ?? present[0];
  const offered = from && !present.includes(from) ? [...present, from] : present;
  const moved = useMemo(
    () => (all.data && from ? rowsOf(all.data).filter((r) => r.status === String(codeOf(from))) : undefined),
    [all.data, from],
  );
  const counted = moved?.length;
  const scope = scopeText(filter, t);
  const names = { from: from ? t(`statuses.${from}`) : '', to: to ? t(`statuses.${to}`) : '' };
  const chain = useUnsentChain(filter);
  const dependents = useMemo(() => (moved ? dependentsOf(chain.rows, moved) : []), [moved, chain.rows]);
  const withdrawing = to === 'cancelled' ? <WithdrawNote bulk docTypes={moved?.map((r) => r.doc_type) ?? []} /> : null;

  const ask = async () => {
    setRefusal(null);
    // Counted again right before the question, so it states what the change touches now.
    await Promise.all([all.refetch(), chain.query.refetch()]);
    setAsking('first');
  };

  const apply = async () => {
    if (!from || !to || counted === undefined) return;
    setAsking(false);
    const expected = counted;
    const manager = await confirmWithManager('prro_bulk_status', `${expected}: ${from} → ${to}`);
    if (!manager) return;
    write.mutate(
      {
        params: {
          kasm: filter.kasm.trim(),
          numprro: filter.numprro.trim(),
          scope: filter.scope,
          from_status: codeOf(from),
          to_status: codeOf(to),
        },
        options: {
          group: 'prro-bulk',
          confirmation: manager.id,
          summary: `PRRO bulk status change of ${expected} documents`,
          label: { key: 'prroBulk', values: { count: String(expected), from: names.from, to: names.to } },
        },
      },
      {
        onSuccess: (outcome) => {
          void settleShownRefusal(outcome, t('outcome.settledNote'));
          const s = settle(outcome, t, (affected) => ({
            kind: affected === expected ? 'ok' : 'warn',
            text: `${t('outcome.bulk', { count: affected })}${affected === expected ? '' : ` ${t('outcome.bulkDiffers', { counted: expected })}`}`,
          }));
          setRefusal(s.refusal);
          if (s.notice) onNotice(s.notice);
          if (outcome.status === 'done') {
            for (const key of PRRO_READS) client.invalidateQueries({ queryKey: key });
            onClose();
          }
        },
        onError: setRefusal,
      },
    );
  };

  return (
    <fieldset
      className="prro-bulk"
      data-testid="prro-bulk"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !asking) onClose();
      }}
    >
      <legend>{t('bulk.legend')}</legend>
      <div className="row">
        <div className="field">
          <label htmlFor="prro-bulk-from">{t('bulk.from')}</label>
          <select
            id="prro-bulk-from"
            // biome-ignore lint/a11y/noAutofocus: the panel is opened to choose this first (Alt+B).
            autoFocus
            value={from ?? ''}
            onChange={(e) => setChosen(e.target.value as PrroStatusName)}
            data-testid="prro-bulk-from"
          >
            {offered.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="prro-bulk-to">{t('bulk.to')}</label>
          <select
            id="prro-bulk-to"
            value={to}
            onChange={(e) => setTo(e.target.value as PrroStatusName | '')}
            data-testid="prro-bulk-to"
          >
            <option value="">—</option>
            {SETTABLE_STATUSES.filter((s) => s !== from).map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <button
            type="button"
            className="primary"
            disabled={!to || !counted || all.isFetching || write.isPending}
            onClick={ask}
            data-testid="prro-bulk-apply"
          >
            {t('bulk.apply')}
          </button>
        </div>
        <div className="field">
          <button type="button" onClick={onClose}>
            <kbd>Esc</kbd> {t('bulk.cancel')}
          </button>
        </div>
      </div>
      {all.isFetching ? <Loading label={t('bulk.counting')} /> : null}
      {all.data && !all.isFetching ? (
        <p data-testid="prro-bulk-count" data-count={counted ?? 0} role="status">
          {counted ? t('bulk.count', { count: counted, scope }) : from ? t('bulk.none', { status: names.from }) : t('bulk.empty')}
        </p>
      ) : null}
      <p className="muted">{t('bulk.note')}</p>
      {write.isPending ? <Loading label={t('common:sending')} /> : null}
      <ErrorMessage error={all.error ?? refusal} testId="prro-bulk-error" />
      {asking === 'first' && to && counted !== undefined ? (
        <ConfirmDialog
          title={t('bulk.confirmTitle', { count: counted })}
          confirmLabel={t('bulk.confirm')}
          onConfirm={() => (dependents.length > 0 ? setAsking('again') : apply())}
          onCancel={() => setAsking(false)}
        >
          <p data-testid="prro-bulk-confirm" data-count={counted}>
            {t('bulk.confirmBody', { count: counted, scope, ...names })}
          </p>
          {withdrawing}
          <DependentsWarning dependents={dependents} cause="bulk" />
        </ConfirmDialog>
      ) : null}
      {asking === 'again' && to && counted !== undefined ? (
        <ConfirmDialog
          title={t('dependents.bulkTitle', { count: dependents.length })}
          confirmLabel={t('dependents.confirm')}
          onConfirm={apply}
          onCancel={() => setAsking(false)}
        >
          <p data-testid="prro-ask-again">{t('dependents.again')}</p>
          {withdrawing}
          <DependentsWarning dependents={dependents} cause="bulk" />
        </ConfirmDialog>
      ) : null}
    </fieldset>
  );
}
