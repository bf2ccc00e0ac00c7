/**
 * The API key, write-only: a password field that is emptied once the key is handed to the core,
 * which keeps it; the interface learns only whether one is set. The connection test beside it
 * says at once whether the service takes the key.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../bridge/index.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { errorWords } from '../../ui/error-words.js';
import { Field } from '../../ui/Field.js';
import type { useKeyActions } from './use-key-actions.js';
import { keyProblem } from './validate.js';

export const KEY_FIELD_ID = 'settings-key';

interface Props {
  readonly hasApiKey: boolean;
  readonly actions: ReturnType<typeof useKeyActions>;
}

export function KeySection({ hasApiKey, actions }: Props) {
  const { t } = useTranslation('settings');
  const { setKey, test } = actions;
  const [key, setKeyText] = useState('');
  const [tried, setTried] = useState(false);
  const problem = keyProblem(key);
  const result = test.data;
  return (
    <form
      // The checks are the screen's own, worded under each field, not the browser's bubbles.
      noValidate
      className="settings-section"
      aria-labelledby="settings-key-legend"
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problem) return;
        test.reset();
        setKey.mutate(key, {
          onSuccess: () => {
            setKeyText('');
            setTried(false);
          },
        });
      }}
    >
      <h2 id="settings-key-legend">
        {t('key.legend')}{' '}
        <span className={`badge ${hasApiKey ? 'ok' : 'bad'}`} data-testid="settings-key-state" data-set={hasApiKey}>
          {hasApiKey ? t('key.isSet') : t('key.notSet')}
        </span>
      </h2>
      <p className="settings-note">{t('key.never')}</p>
      <Field
        id={KEY_FIELD_ID}
        label={t('key.field')}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        value={key}
        onChange={(e) => setKeyText(e.target.value)}
        problem={tried && problem ? t(`problems.${problem}`) : undefined}
        data-testid="settings-key"
      />
      <div className="row">
        <button type="submit" disabled={setKey.isPending} data-testid="settings-key-save">
          {setKey.isPending ? t('common:sending') : t('key.save')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={test.isPending}
          onClick={() => test.mutate()}
          data-testid="settings-test"
        >
          {test.isPending ? t('test.running') : t('test.run')} <kbd>Alt+T</kbd>
        </button>
      </div>
      {setKey.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-key-saved">
          {t('key.saved')}
        </p>
      ) : null}
      <ErrorMessage error={setKey.error ?? test.error} />
      {result ? (
        <p
          className={result.ok ? 'settings-saved' : 'error'}
          role={result.ok ? 'status' : 'alert'}
          data-testid="settings-test-result"
          data-ok={result.ok}
        >
          {result.ok
            ? t('test.ok', { ms: result.latencyMs, name: result.upstream?.name, version: result.upstream?.version })
            : t('test.failed', { words: result.error ? errorWords(t, BridgeError.from(result.error)) : '' })}
        </p>
      ) : null}
    </form>
  );
}
