/**
 * Where the till's service is, and its access key: entered together, checked before they are
 * saved, applied at once. Empty address: the embedded service on this computer, with its own key.
 * The key field is write-only (a password field emptied once the core has the key). A new
 * address needs its key typed with it: the stored key is never sent anywhere else.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../bridge/index.js';
import { useStatus } from '../../rpc/hooks.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import type { useServiceActions } from './use-service-actions.js';
import { keyProblem, plainOverOpenNetwork, urlProblem } from './validate.js';

export const KEY_FIELD_ID = 'settings-key';

const same = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

export function ServiceSection({
  settings,
  actions,
  editable,
}: {
  readonly settings: PublicSettings;
  readonly actions: ReturnType<typeof useServiceActions>;
  /** A manager is signed in, or the till is still being set up (settings/access.ts): else it is shown, not changed. */
  readonly editable: boolean;
}) {
  const { t } = useTranslation('settings');
  const { save, test } = actions;
  const status = useStatus().data;
  const [url, setUrl] = useState(settings.serviceUrl);
  const [key, setKey] = useState('');
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const embedded = url.trim() === '';
  const newAddress = !same(url, settings.serviceUrl);
  const uProblem = urlProblem(url);
  // A new remote address needs its key; for the same one a key is a replacement, so it may stay empty.
  const kProblem = embedded ? undefined : key === '' ? (newAddress ? 'keyNeeded' : undefined) : keyProblem(key);
  const change = () => ({ url: url.trim(), ...(embedded || key === '' ? {} : { key }) });

  /** `queued`: what to do with writes waiting for the current service, once the person has said. */
  const submit = (queued?: 'keep' | 'send') => {
    setTried(true);
    if (uProblem || kProblem) return;
    test.reset();
    save.mutate(
      { ...change(), ...(queued ? { queued } : {}) },
      {
        onSuccess: () => {
          setKey('');
          setTried(false);
          setAsking(null);
        },
        onError: (err) => {
          // Any other refusal closes the question, so the person reads it under the form.
          setAsking(err instanceof BridgeError && err.code === 'QUEUED_WRITES' ? err.message : null);
        },
      },
    );
  };

  const result = test.data;
  const queuedRefusal = save.error instanceof BridgeError && save.error.code === 'QUEUED_WRITES';
  const serviceName = settings.embedded ? t('service.embeddedName') : settings.serviceUrl;
  const waiting =
    (status?.queue.queued ?? 0) + (status?.queue.sending ?? 0) + (status?.queue.refused ?? 0) + (status?.queue.reconcile ?? 0);
  return (
    <form
      // The checks are the screen's own, worded under each field, not the browser's bubbles.
      noValidate
      className="settings-section settings-service"
      aria-labelledby="settings-service"
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        if (editable) submit();
      }}
    >
      <h2 id="settings-service">
        {t('service.legend')}{' '}
        <span
          className={`badge ${settings.hasApiKey ? 'ok' : 'bad'}`}
          data-testid="settings-key-state"
          data-set={settings.hasApiKey}
        >
          {settings.hasApiKey ? t('key.isSet') : t('key.notSet')}
        </span>
      </h2>
      <p className="settings-note" data-testid="settings-service-mode">
        {settings.embedded ? t('service.embedded') : t('service.remote', { url: settings.serviceUrl })}
        {status?.upstream ? ` ${t('service.name', { name: status.upstream.name, version: status.upstream.version })}` : ''}
      </p>
      <Field
        label={t('service.url')}
        type="url"
        inputMode="url"
        placeholder={t('service.urlHint')}
        value={url}
        readOnly={!editable}
        onChange={(e) => setUrl(e.target.value)}
        problem={tried && uProblem ? t(`problems.${uProblem}`) : undefined}
        data-testid="settings-url"
      />
      {plainOverOpenNetwork(url) ? (
        <p className="settings-note settings-warning" data-testid="settings-url-plain">
          {t('service.plainHttp')}
        </p>
      ) : null}
      {editable ? (
        <>
          <Field
            id={KEY_FIELD_ID}
            label={newAddress && !embedded ? t('key.fieldNew') : t('key.field')}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            disabled={embedded}
            value={embedded ? '' : key}
            placeholder={embedded ? t('key.embedded') : ''}
            onChange={(e) => setKey(e.target.value)}
            problem={tried && kProblem ? t(`problems.${kProblem}`) : undefined}
            data-testid="settings-key"
          />
          <p className="settings-note">{t('key.never')}</p>
        </>
      ) : (
        <p className="settings-note" data-testid="settings-service-readonly">
          {t('access.identityNote')}
        </p>
      )}
      <div className="row">
        {editable ? (
          <button type="submit" className="primary" disabled={save.isPending} data-testid="settings-service-save">
            {save.isPending ? t('test.running') : t('service.save')}
          </button>
        ) : null}
        <button
          type="button"
          disabled={test.isPending}
          onClick={() => {
            setTried(true);
            if (uProblem) return;
            test.mutate(newAddress || key !== '' ? change() : null);
          }}
          data-testid="settings-test"
        >
          {test.isPending ? t('test.running') : t('test.run')} <kbd>Alt+T</kbd>
        </button>
      </div>
      {save.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-service-saved">
          {t('service.saved')}
        </p>
      ) : null}
      {queuedRefusal ? null : <ErrorMessage error={save.error ?? test.error} testId="settings-service-error" />}
      {result ? (
        <div
          className={result.ok ? 'settings-saved' : 'error'}
          role={result.ok ? 'status' : 'alert'}
          data-testid="settings-test-result"
          data-ok={result.ok}
        >
          {result.ok ? (
            t('test.ok', { ms: result.latencyMs, name: result.upstream?.name, version: result.upstream?.version })
          ) : (
            <>
              {t('test.failed')}
              <ErrorMessage error={result.error ? BridgeError.from(result.error) : null} testId="settings-test-error" />
            </>
          )}
        </div>
      ) : null}
      {asking !== null ? (
        // Keeping is the blue answer (Enter): it sends nothing anywhere new. Sending them on is for
        // the same shop's back office only, so a person chooses it deliberately.
        <ConfirmDialog
          title={t('queued.title')}
          confirmLabel={t('queued.keep')}
          confirmTestId="settings-queued-keep"
          cancelLabel={t('queued.wait')}
          cancelTestId="settings-queued-wait"
          alternative={{ label: t('queued.send'), onClick: () => submit('send'), testId: 'settings-queued-send' }}
          busy={save.isPending}
          onCancel={() => {
            setAsking(null);
            save.reset();
          }}
          onConfirm={() => submit('keep')}
        >
          <p data-testid="settings-queued-text">{t('queued.body', { count: waiting, service: serviceName })}</p>
          <ul className="settings-queued-choices" data-testid="settings-queued-choices">
            <li>
              <strong>{t('queued.keep')}</strong>: {t('queued.keepText', { service: serviceName })}
            </li>
            <li>
              <strong>{t('queued.send')}</strong>: {t('queued.sendText')}
            </li>
            <li>
              <strong>{t('queued.wait')}</strong>: {t('queued.waitText')}
            </li>
          </ul>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
