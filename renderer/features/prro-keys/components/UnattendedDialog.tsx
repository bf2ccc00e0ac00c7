/**
 * Unattended signing (settings.prro_key_unattended): on, the service keeps the key's password
 * sealed with a secret of its own so it can sign with nobody there (a Z-report at night); off, it
 * forgets it. Turning it on says in two sentences what that protects and what not, and takes the
 * password, checked against the key by the service.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { KeyAuthority } from '../authority.js';
import type { KeyRow } from '../key-state.js';
import { useKeyWrites } from '../key-writes.js';
import { KeyDialog } from './KeyDialog.js';
import { clearPassword, PasswordField, readPassword } from './PasswordField.js';

export function UnattendedDialog(props: {
  readonly row: KeyRow;
  /** true: turn it on; false: turn it off. */
  readonly enable: boolean;
  readonly authority: KeyAuthority;
  readonly onDone: (row: KeyRow | undefined) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('keys');
  const send = useKeyWrites(props.authority);
  const password = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [notConfirmed, setNotConfirmed] = useState(false);
  const kasm = Number(props.row.kasm);
  const { enable } = props;

  const submit = async () => {
    setRefusal(null);
    setNotConfirmed(false);
    const typed = enable ? readPassword(password) : '';
    if (enable && typed === '') {
      setProblem(t('load.needPassword'));
      password.current?.focus();
      return;
    }
    setProblem(undefined);
    setBusy(true);
    // Emptied as it is sent: the field holds it no longer than this call needs it.
    clearPassword(password);
    const answer = await send('setKeyUnattended', { kasm, enabled: enable, password: typed }, `ПРРО ${props.row.numprro}`);
    setBusy(false);
    if (answer.kind === 'done') return props.onDone(answer.row);
    if (answer.kind === 'notConfirmed') setNotConfirmed(true);
    else setRefusal(answer.error);
  };

  return (
    <KeyDialog
      title={t(enable ? 'unattended.titleOn' : 'unattended.titleOff', { kasm })}
      testId="key-unattended"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" disabled={busy} onClick={props.onClose} data-testid="key-unattended-cancel">
            {t('common:actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button
            type="submit"
            className="primary"
            disabled={busy}
            data-autofocus={enable ? undefined : ''}
            data-testid="key-unattended-submit"
          >
            {t(enable ? 'unattended.submitOn' : 'unattended.submitOff')} <kbd>Enter</kbd>
          </button>
        </>
      }
    >
      {enable ? (
        <>
          <p data-testid="key-unattended-what">{t('unattended.what')}</p>
          <p className="key-risk" data-testid="key-unattended-risk">
            {t('unattended.risk')}
          </p>
          <PasswordField
            inputRef={password}
            label={t('load.password')}
            problem={problem}
            testId="key-unattended-password"
            autoFocus
            onInput={() => setProblem(undefined)}
          />
        </>
      ) : (
        <p data-testid="key-unattended-off">{t('unattended.off')}</p>
      )}
      {notConfirmed ? (
        <p className="error" role="alert" data-testid="key-unattended-not-confirmed">
          {t('notConfirmed')}
        </p>
      ) : null}
      <ErrorMessage error={refusal} testId="key-unattended-error" />
    </KeyDialog>
  );
}
