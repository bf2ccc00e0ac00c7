/**
 * Requeueing a document and setting its status by name, each after a confirmation. When later
 * documents of its chain depend on it (dependents.ts), the question names them and is asked again.
 * Withdrawing a receipt's or a cash movement's document says that the books keep it (WithdrawNote).
 */

import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrroStatusName } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { useWrite } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { confirmWithManager } from '../people/manager-confirm.js';
import { type DependentsCause, DependentsWarning } from './DependentsWarning.js';
import { dependentsOf } from './dependents.js';
import { PRRO_READS, settle, settleShownRefusal } from './outcome.js';
import type { GridRow } from './rows.js';
import { codeOf, SETTABLE_STATUSES } from './status.js';
import { useAltKeys } from './use-alt-keys.js';
import { useUnsentChain } from './use-chain.js';
import type { Notice } from './view-store.js';
import { WithdrawNote } from './WithdrawNote.js';

/** A head field the correction changes, as the question before requeueing names it. */
export interface Change {
  readonly field: string;
  readonly from: string;
  readonly to: string;
}

interface Props {
  readonly doc: GridRow;
  /** What requeueing sends: the body as it is or corrected; null while it cannot be sent. */
  readonly body: { readonly b64: string; readonly edited: boolean } | null;
  /** The correction form's fields the body changes. */
  readonly changes: readonly Change[];
  readonly onNotice: (notice: Notice) => void;
  /** The refusal of the last change (the correction form shows one that names a field), or null. */
  readonly onRefusal?: (refusal: unknown) => void;
}

export function DocActions({ doc, body, changes, onNotice, onRefusal }: Props) {
  const { t } = useTranslation('prro');
  const client = useQueryClient();
  const requeue = useWrite(op.pos.prroInlineRequeue);
  const setStatus = useWrite(op.pos.prroInlineSetStatus);
  const [asking, setAsking] = useState<'requeue' | 'status' | 'again' | null>(null);
  const [status, setStatusName] = useState<PrroStatusName | ''>('');
  const [refusal, setRefusalState] = useState<unknown>(null);
  const setRefusal = (r: unknown) => {
    setRefusalState(r);
    onRefusal?.(r);
  };
  const statusSelect = useRef<HTMLSelectElement>(null);
  const selectId = useId();
  const busy = requeue.isPending || setStatus.isPending;
  const r = doc.row;
  const num = r.local_num;
  const options = { group: `prro-doc-${r.id}` };
  // The documents a change of this one re-places are of its own register.
  const chain = useUnsentChain(r);
  const dependents = useMemo(() => dependentsOf(chain.rows, [r]), [chain.rows, r]);
  // What the second question is about, once the first is answered.
  const [pending, setPending] = useState<'requeue' | 'status' | null>(null);
  const cause: DependentsCause =
    pending === 'requeue' || asking === 'requeue' ? 'requeue' : status === 'cancelled' ? 'cancel' : 'status';

  /** The first answer: done at once, or asked again when other documents depend on this one. */
  const confirmed = (action: 'requeue' | 'status') => {
    if (dependents.length === 0) {
      if (action === 'requeue') doRequeue();
      else doSetStatus();
      return;
    }
    setPending(action);
    setAsking('again');
  };

  useAltKeys((key) => {
    if (!('action' in key) || asking) return false;
    if (key.action === 'requeue' && body && !busy) setAsking('requeue');
    else if (key.action === 'status') {
      // In the list with a status picked, Alt+S is "change it" (the list's own key would do nothing);
      // elsewhere it goes to the list.
      if (document.activeElement === statusSelect.current && status && !busy) setAsking('status');
      else statusSelect.current?.focus();
    } else return false;
    return true;
  });

  const finish = (outcome: Parameters<typeof settle>[0], done: (affected: number) => Notice) => {
    void settleShownRefusal(outcome, t('outcome.settledNote'));
    const s = settle(outcome, t, done);
    setRefusal(s.refusal);
    if (s.notice) onNotice(s.notice);
    if (outcome.status === 'done') for (const key of PRRO_READS) client.invalidateQueries({ queryKey: key });
  };

  const doRequeue = async () => {
    if (!body) return;
    setAsking(null);
    setRefusal(null);
    // A fiscal document is changed only with a manager's PIN, given now and recorded in its audit trail.
    const manager = await confirmWithManager('prro_change', `${num}: requeue`);
    if (!manager) return;
    requeue.mutate(
      {
        params: {
          id: Number(r.id),
          created_at: r.created_at,
          fiscal_number: r.fiscal_number,
          xml_body_b64: body.b64,
          control_code: r.control_code,
          local_num: Number(r.local_num),
          local_doc_number: Number(r.local_doc_number),
          // A corrected body has a new hash, which the back office computes; an unchanged one keeps its own.
          doc_hash: body.edited ? '' : r.doc_hash,
          prev_doc_hash: r.prev_doc_hash,
        },
        options: {
          ...options,
          confirmation: manager.id,
          summary: `PRRO document ${num} requeued`,
          label: { key: 'prroRequeue', values: { num } },
        },
      },
      {
        onSuccess: (o) => finish(o, () => ({ kind: 'ok', text: t('outcome.requeued', { num }) })),
        onError: setRefusal,
      },
    );
  };

  const doSetStatus = async () => {
    if (!status) return;
    setAsking(null);
    setRefusal(null);
    const manager = await confirmWithManager('prro_change', `${num}: ${status}`);
    if (!manager) return;
    const name = t(`statuses.${status}`);
    setStatus.mutate(
      {
        params: { id: Number(r.id), status: codeOf(status) },
        options: {
          ...options,
          confirmation: manager.id,
          summary: `PRRO document ${num} set to ${status}`,
          label: { key: 'prroStatus', values: { num, status: name } },
        },
      },
      {
        onSuccess: (o) =>
          finish(o, (affected) =>
            affected > 0
              ? { kind: 'ok', text: t('outcome.status', { num, status: name }) }
              : { kind: 'warn', text: t('outcome.notFound', { num }) },
          ),
        onError: setRefusal,
      },
    );
  };

  return (
    <div className="prro-actions">
      <button
        type="button"
        className="primary"
        disabled={!body || busy}
        onClick={() => setAsking('requeue')}
        data-testid="prro-requeue"
      >
        {t('detail.requeue')} <kbd>Alt+R</kbd>
      </button>
      <div className="prro-status-change">
        <label htmlFor={selectId}>{t('detail.status')}</label>
        <select
          id={selectId}
          ref={statusSelect}
          value={status}
          onChange={(e) => setStatusName(e.target.value as PrroStatusName | '')}
          data-testid="prro-status-select"
        >
          <option value="">—</option>
          {SETTABLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
        <button type="button" disabled={!status || busy} onClick={() => setAsking('status')} data-testid="prro-set-status">
          {t('detail.setStatus')} <kbd>Alt+S</kbd>
        </button>
      </div>
      {busy ? (
        <p className="loading" role="status">
          {t('common:sending')}
        </p>
      ) : null}
      <ErrorMessage error={refusal} testId="prro-action-error" />
      {asking === 'requeue' ? (
        <ConfirmDialog
          title={t('confirm.requeueTitle', { num })}
          confirmLabel={t('confirm.requeue')}
          onConfirm={() => confirmed('requeue')}
          onCancel={() => setAsking(null)}
        >
          <p>{t(body?.edited ? 'confirm.requeueEdited' : 'confirm.requeueAsIs')}</p>
          {body?.edited && changes.length > 0 ? (
            <ul className="prro-changes" aria-label={t('correction.changes')} data-testid="prro-changes">
              {changes.map((c) => (
                <li key={c.field}>{t('correction.change', { ...c })}</li>
              ))}
            </ul>
          ) : null}
          <DependentsWarning dependents={dependents} cause="requeue" />
        </ConfirmDialog>
      ) : null}
      {asking === 'status' && status ? (
        <ConfirmDialog
          title={t('confirm.statusTitle', { num })}
          confirmLabel={t('confirm.status')}
          onConfirm={() => confirmed('status')}
          onCancel={() => setAsking(null)}
        >
          <p>{t('confirm.statusBody', { status: t(`statuses.${status}`), help: t(`statusHelp.${status}`) })}</p>
          {status === 'cancelled' ? <WithdrawNote docTypes={[r.doc_type]} /> : null}
          <DependentsWarning dependents={dependents} cause={cause} />
        </ConfirmDialog>
      ) : null}
      {asking === 'again' && pending ? (
        <ConfirmDialog
          title={t('dependents.title', { count: dependents.length })}
          confirmLabel={t('dependents.confirm')}
          onConfirm={() => {
            setPending(null);
            if (pending === 'requeue') doRequeue();
            else doSetStatus();
          }}
          onCancel={() => {
            setPending(null);
            setAsking(null);
          }}
        >
          <p data-testid="prro-ask-again">{t('dependents.again')}</p>
          {cause === 'cancel' ? <WithdrawNote docTypes={[r.doc_type]} /> : null}
          <DependentsWarning dependents={dependents} cause={cause} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
