/**
 * Releasing pending stamps (a bottle scanned and not sold): one stamp, or every stamp of the
 * till. Either way a confirmation first says which, or how many the till knows of.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { BridgeError } from '../../bridge/index.js';
import { useWrite } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useSale } from '../sale/sale-store.js';

type Answer =
  | { readonly kind: 'released'; readonly count: number }
  | { readonly kind: 'queued' }
  | { readonly kind: 'problem'; readonly error: unknown; readonly reconcile: boolean };

export function ReleaseStamps(props: {
  readonly kasm: number;
  readonly code: string;
  readonly onCode: (code: string) => void;
  /** The pending stamps the till knows of, named in the "release all" confirmation. */
  readonly known: readonly string[];
  /** The stamps of the sale in progress: releasing one of them deserves a warning. */
  readonly inSale: readonly string[];
}) {
  const { t } = useTranslation('excise');
  const client = useQueryClient();
  const { kasm, code } = props;
  const [asking, setAsking] = useState<'one' | 'all' | null>(null);
  const [needCode, setNeedCode] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const clear = useWrite(op.pos.exciseClearPending);

  useEffect(() => input.current?.focus(), []);

  function ask(which: 'one' | 'all') {
    setAnswer(null);
    if (which === 'one' && code.trim() === '') {
      setNeedCode(true);
      input.current?.focus();
      return;
    }
    setAsking(which);
  }

  async function release(which: 'one' | 'all') {
    try {
      const outcome = await clear.mutateAsync({
        params: { code: which === 'one' ? code.trim() : '', kasm },
        // A release is its own business object: it must not wait behind another write's refusal.
        options: { group: `excise-release-${kasm}-${Date.now()}` },
      });
      if (outcome.status === 'done') {
        setAnswer({ kind: 'released', count: Number(outcome.result.status.affected ?? 0) });
        // A released stamp is no longer the sale's: its line asks for a stamp again.
        useSale.getState().dropStamps(which === 'one' ? [code.trim()] : props.inSale);
        if (which === 'one') props.onCode('');
        client.invalidateQueries({ queryKey: ['rpc', op.pos.exciseDuplicate] });
      } else if (outcome.status === 'queued') setAnswer({ kind: 'queued' });
      else setAnswer({ kind: 'problem', error: BridgeError.from(outcome.error), reconcile: outcome.status === 'reconcile' });
    } catch (error) {
      setAnswer({ kind: 'problem', error, reconcile: false });
    } finally {
      setAsking(null);
      input.current?.focus();
    }
  }

  const mark = code.trim();
  return (
    <section className="excise-release" aria-labelledby="excise-release-title">
      <h2 id="excise-release-title">{t('release.title')}</h2>
      <div className="row">
        <div className="field excise-code-field">
          <label htmlFor="excise-clear-code">{t('release.code')}</label>
          <input
            id="excise-clear-code"
            ref={input}
            value={code}
            autoComplete="off"
            aria-invalid={needCode ? true : undefined}
            aria-describedby={needCode ? 'excise-clear-code-problem' : undefined}
            onChange={(e) => {
              props.onCode(e.target.value);
              setNeedCode(false);
              setAnswer(null);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              ask('one');
            }}
            data-testid="excise-clear-code"
          />
          {needCode ? (
            <span className="field-problem" id="excise-clear-code-problem" role="alert">
              {t('release.needCode')}
            </span>
          ) : null}
        </div>
        <button type="button" disabled={clear.isPending} onClick={() => ask('one')} data-testid="excise-clear-one">
          {t('release.one')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={clear.isPending}
          onClick={() => ask('all')}
          data-testid="excise-clear-all"
        >
          {t('release.all', { kasm })}
        </button>
      </div>
      {clear.isPending ? (
        <p className="loading" role="status">
          {t('release.sending')}
        </p>
      ) : null}
      {answer?.kind === 'released' ? (
        <p className="badge ok excise-answer" role="status" data-testid="excise-cleared">
          {answer.count > 0 ? t('release.released', { count: answer.count }) : t('release.releasedNone', { kasm })}
        </p>
      ) : null}
      {answer?.kind === 'queued' ? (
        <p className="stale" role="status" data-testid="excise-queued">
          {t('release.queued')}
        </p>
      ) : null}
      {answer?.kind === 'problem' ? (
        <>
          {answer.reconcile ? <p className="error">{t('release.reconcile')}</p> : null}
          <ErrorMessage error={answer.error} testId="excise-clear-error" />
        </>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t(asking === 'one' ? 'confirm.oneTitle' : 'confirm.allTitle')}
          confirmLabel={t('confirm.ok')}
          busy={clear.isPending}
          onCancel={() => {
            setAsking(null);
            input.current?.focus();
          }}
          onConfirm={() => release(asking)}
        >
          <p data-testid="excise-confirm-text">
            {asking === 'one' ? (
              t('confirm.one', { mark, kasm })
            ) : (
              <>
                {t('confirm.all', { kasm })}{' '}
                {props.known.length > 0
                  ? t('confirm.known', { count: props.known.length, list: props.known.join(', ') })
                  : t('confirm.knownNone')}
              </>
            )}
          </p>
          {(asking === 'one' ? props.inSale.includes(mark) : props.inSale.length > 0) ? (
            <p className="excise-warning" data-testid="excise-confirm-in-sale">
              {t(asking === 'one' ? 'confirm.inSale' : 'confirm.inSaleAll')}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
