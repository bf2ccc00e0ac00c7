/**
 * F8, the outbox monitor: the till's writes on their way to the server. What waits is sent on
 * its own; what the server refused, or whose outcome is unknown, holds its group back until a
 * person retries it or, having checked the business object, marks it reconciled with a note.
 * The lists follow the core's queue events (useBridgeEvents in the shell).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { useQueueItems, useStatus } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { KEYS, viewKey } from './keys.js';
import { labelOf } from './labels.js';
import { QueueTable } from './QueueTable.js';
import { ReconcileDialog } from './ReconcileDialog.js';
import { useQueueActions } from './use-queue-actions.js';
import { attentionFirst, type OutboxView, VIEWS } from './views.js';
import './outbox.css';
import { KeyHints } from '../../ui/KeyHints.js';

export function OutboxScreen() {
  const { t } = useTranslation('outbox');
  const [view, setView] = useState<OutboxView>('open');
  const states = VIEWS.find((v) => v.id === view)?.states ?? [];
  const items = useQueueItems({ states, limit: 500 });
  const status = useStatus();
  const { retry, reconcile, sendHere } = useQueueActions();
  const [reconciling, setReconciling] = useState<QueueItem | null>(null);
  const [sending, setSending] = useState<QueueItem | null>(null);
  const [done, setDone] = useState('');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const index = viewKey(e);
      const next = index === undefined ? undefined : VIEWS[index];
      if (!next) return;
      e.preventDefault();
      setView(next.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onRetry = (item: QueueItem) => {
    setDone('');
    reconcile.reset();
    retry.mutate(item.id, { onSuccess: () => setDone(t('retried', { id: item.id })) });
  };
  const onReconcile = (note: string) => {
    if (!reconciling) return;
    const id = reconciling.id;
    reconcile.mutate(
      { id, note },
      {
        onSuccess: () => {
          setReconciling(null);
          setDone(t('reconciled', { id }));
        },
      },
    );
  };

  const onSendHere = () => {
    if (!sending) return;
    const id = sending.id;
    sendHere.mutate(id, {
      onSuccess: () => {
        setSending(null);
        setDone(t('sendHere.done', { id }));
      },
    });
  };

  const counts = status.data?.queue;
  const list = attentionFirst(items.data ?? []);
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('title')}</h1>
      <div className="outbox-bar">
        <div role="tablist" aria-label={t('views.label')} className="outbox-views">
          {VIEWS.map((v, i) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              aria-selected={v.id === view}
              className={v.id === view ? 'active' : undefined}
              onClick={() => setView(v.id)}
              data-testid={`outbox-view-${v.id}`}
            >
              <kbd>Alt+{i + 1}</kbd> {t(`views.${v.id}`)}
            </button>
          ))}
        </div>
        {counts ? (
          <span className="outbox-counts" data-testid="outbox-counts">
            {t('counts', { ...counts })}
          </span>
        ) : null}
      </div>
      {done ? (
        <p className="outbox-done" role="status" data-testid="outbox-done">
          {done}
        </p>
      ) : null}
      <ErrorMessage error={items.error} />
      {items.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <p className="outbox-empty" data-testid="outbox-empty">
          {t(`empty.${view}`)}
        </p>
      ) : (
        <QueueTable
          items={list}
          retrying={retry.isPending ? (retry.variables ?? null) : null}
          failed={retry.isError && retry.variables !== undefined ? { id: retry.variables, error: retry.error } : null}
          onRetry={onRetry}
          onReconcile={setReconciling}
          onSendHere={(item) => {
            sendHere.reset();
            setSending(item);
          }}
        />
      )}
      {reconciling ? (
        <ReconcileDialog
          item={reconciling}
          busy={reconcile.isPending}
          error={reconcile.error}
          onConfirm={onReconcile}
          onCancel={() => {
            setReconciling(null);
            reconcile.reset();
          }}
        />
      ) : null}
      {sending ? (
        // Keeping it for its own service is the safe answer; sending it here is for the same shop only.
        <ConfirmDialog
          title={t('sendHere.title', { id: sending.id })}
          confirmLabel={t('sendHere.confirm')}
          confirmTestId="outbox-send-here-confirm"
          cancelTestId="outbox-send-here-cancel"
          busy={sendHere.isPending}
          onConfirm={onSendHere}
          onCancel={() => {
            setSending(null);
            sendHere.reset();
          }}
        >
          <p data-testid="outbox-send-here-text">
            {t('sendHere.body', {
              label: labelOf(t, sending),
              service: sending.service === '' ? t('embeddedService') : sending.service,
            })}
          </p>
          <ErrorMessage error={sendHere.error} testId="outbox-send-here-error" />
        </ConfirmDialog>
      ) : null}
      <KeyHints
        className="outbox-keys"
        title={t('keys.legend')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </section>
  );
}
