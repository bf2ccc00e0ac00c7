/** F10: does the service answer and how fast, which versions run, the connection and the outbox. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { isAgainKey, KEYS } from './keys.js';
import { SupportLogs } from './SupportLogs.js';
import { usePing } from './use-ping.js';
import './diagnostics.css';
import { KeyHints } from '../../ui/KeyHints.js';

export function DiagnosticsScreen() {
  const { t, i18n } = useTranslation('diagnostics');
  const { ping, latencyMs, check } = usePing();
  const status = useStatus();
  const show = useUi((s) => s.show);
  const again = useRef(check);
  again.current = () => {
    status.refetch();
    return check();
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isAgainKey(e)) return;
      e.preventDefault();
      again.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const result = ping.data?.result;
  const s = status.data;
  const okPing = ping.isSuccess && !ping.isFetching;
  return (
    <section className="diagnostics" aria-labelledby="diagnostics-title">
      <h1 id="diagnostics-title">{t('title')}</h1>
      <div className="diagnostics-grid">
        <section className="diagnostics-card" aria-labelledby="diagnostics-ping" data-testid="diagnostics-ping">
          <h2 id="diagnostics-ping">{t('ping.legend')}</h2>
          {ping.isFetching ? (
            <Loading label={t('ping.checking')} />
          ) : ping.isError ? (
            <p className="badge bad" data-testid="diagnostics-ping-state" data-ok="false">
              {t('ping.failed')}
            </p>
          ) : okPing ? (
            <p className="badge ok" data-testid="diagnostics-ping-state" data-ok="true">
              {t('ping.ok')}
            </p>
          ) : null}
          <ErrorMessage error={ping.isFetching ? null : ping.error} />
          {okPing && result ? (
            <dl>
              <dt>{t('ping.latency')}</dt>
              <dd data-testid="diagnostics-latency">{latencyMs === null ? '—' : t('ping.ms', { ms: latencyMs })}</dd>
              <dt>{t('ping.upstream')}</dt>
              <dd data-testid="diagnostics-upstream">
                {result.upstream.name} {result.upstream.version}
              </dd>
              <dt>{t('ping.resource')}</dt>
              <dd>{result.upstream.resource}</dd>
              <dt>{t('ping.at')}</dt>
              <dd>
                {new Date(ping.data?.fetchedAt ?? '').toLocaleTimeString(i18n.language)}
                {ping.data?.stale ? ` · ${t('ping.stale')}` : ''}
              </dd>
            </dl>
          ) : null}
          <button
            type="button"
            className="primary"
            disabled={ping.isFetching}
            onClick={() => again.current()}
            data-testid="diagnostics-again"
          >
            {t('ping.again')} <kbd>Alt+R</kbd>
          </button>
        </section>

        <section className="diagnostics-card" aria-labelledby="diagnostics-connection">
          <h2 id="diagnostics-connection">{t('connection.legend')}</h2>
          <ErrorMessage error={status.error} />
          {s ? (
            <dl>
              <dt>{t('connection.state')}</dt>
              <dd data-testid="diagnostics-connection" data-state={s.connection}>
                {t(`common:connection.${s.connection}`)}
              </dd>
              <dt>{t('connection.mode')}</dt>
              <dd data-testid="diagnostics-mode">{s.embedded ? t('connection.embedded') : t('connection.remote')}</dd>
              <dt>{t('connection.url')}</dt>
              <dd data-testid="diagnostics-url">
                <code>{s.serviceUrl}</code>
              </dd>
            </dl>
          ) : (
            <Loading />
          )}
        </section>

        <section className="diagnostics-card" aria-labelledby="diagnostics-queue">
          <h2 id="diagnostics-queue">{t('queue.legend')}</h2>
          {s ? (
            <dl data-testid="diagnostics-queue">
              {(['queued', 'sending', 'refused', 'reconcile'] as const).map((k) => (
                <div key={k} className="diagnostics-pair">
                  <dt>{t(`queue.${k}`)}</dt>
                  <dd className="num" data-testid={`diagnostics-queue-${k}`}>
                    {s.queue[k]}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          <button type="button" onClick={() => show('outbox')}>
            <kbd>F8</kbd> {t('queue.open')}
          </button>
        </section>

        <section className="diagnostics-card" aria-labelledby="diagnostics-versions">
          <h2 id="diagnostics-versions">{t('versions.legend')}</h2>
          {s ? (
            <dl data-testid="diagnostics-versions">
              <dt>{t('versions.app')}</dt>
              <dd data-testid="diagnostics-version-app">{s.versions.app}</dd>
              <dt>{t('versions.contract')}</dt>
              <dd data-testid="diagnostics-version-contract">{s.versions.contract}</dd>
              <dt>{t('versions.runtime')}</dt>
              <dd>{s.versions.runtime}</dd>
            </dl>
          ) : null}
          <SupportLogs />
        </section>
      </div>
      <KeyHints
        className="diagnostics-keys"
        title={t('keys.legend')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </section>
  );
}
