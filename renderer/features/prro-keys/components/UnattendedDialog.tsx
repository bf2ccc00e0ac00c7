/**
 * Unattended signing (settings.prro_key_unattended): on, the service keeps the key's password
 * sealed with a secret of its own so it can sign with nobody there (a Z-report at night); off, it
 * forgets it. Turning it on says in two sentences what that protects and what not, and takes the
 * password, checked against the key by the service.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyAuthority } from '../authority.js';
import type { KeyRow } from '../key-state.js';
import { KeyDialog } from './KeyDialog.js';
import { KeyWriteOutcome, useKeyWrite } from './KeyWriteOutcome.js';
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
  const write = useKeyWrite(props.authority);
  const password = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const kasm = Number(props.row.kasm);
  const { enable } = props;

  const submit = async () => {
    write.begin();
    const typed = enable ? readPassword(password) : '';
    if (enable && typed === '') {
      setProblem(t('load.needPassword'));
      password.current?.focus();
      return;
    }
    setProblem(undefined);
    // Emptied as it is sent: the field holds it no longer than this call needs it.
    clearPassword(password);
    const answer = await write.send('setKeyUnattended', { kasm, enabled: enable, password: typed }, `ПРРО ${props.row.numprro}`);
    if (answer.kind === 'done') return props.onDone(answer.row);
  };

  return (
    <KeyDialog
      title={t(enable ? 'unattended.titleOn' : 'unattended.titleOff', { kasm })}
      testId="key-unattended"
      busy={write.busy}
      onSubmit={() => void submit()}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" disabled={write.busy} onClick={props.onClose} data-testid="key-unattended-cancel">
            {t('common:actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button
            type="submit"
            className="primary"
            disabled={write.busy}
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
      <KeyWriteOutcome write={write} testId="key-unattended" />
    </KeyDialog>
  );
}
