/**
 * Unlocking a register's key for the shift with its password (pos.prro_key_unlock): on the key
 * screen, and as the shift's opening step (with its own words and a way to open without it). A
 * wrong password keeps the dialog open with the refusal and an empty field; a cashier who is not a
 * manager is asked for a manager's confirmation first, held for the next try.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { KeyAuthority } from '../authority.js';
import type { KeyRow } from '../key-state.js';
import { useKeyWrites } from '../key-writes.js';
import { KeyDialog } from './KeyDialog.js';
import { clearPassword, PasswordField, readPassword } from './PasswordField.js';

export interface UnlockWords {
  readonly title: string;
  readonly body: string;
  readonly submit: string;
}

export function UnlockDialog(props: {
  readonly row: KeyRow;
  readonly authority: KeyAuthority;
  readonly onDone: (row: KeyRow | undefined) => void;
  readonly onClose: () => void;
  /** The shift's step says it its own way. */
  readonly words?: UnlockWords;
  /** A third way, never the one Enter takes (the shift: open without signing). */
  readonly alternative?: { readonly label: string; readonly note: string; readonly onClick: () => void };
}) {
  const { t } = useTranslation('keys');
  const send = useKeyWrites(props.authority);
  const password = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [notConfirmed, setNotConfirmed] = useState(false);
  const kasm = Number(props.row.kasm);
  const words = props.words ?? {
    title: t('unlock.title', { kasm, numprro: props.row.numprro }),
    body: t('unlock.body'),
    submit: t('unlock.submit'),
  };

  const submit = async () => {
    const typed = readPassword(password);
    setRefusal(null);
    setNotConfirmed(false);
    if (typed === '') {
      setProblem(t('load.needPassword'));
      password.current?.focus();
      return;
    }
    setProblem(undefined);
    setBusy(true);
    // Emptied as it is sent: the field holds it no longer than this call needs it.
    clearPassword(password);
    const answer = await send('unlockKey', { kasm, password: typed }, `ПРРО ${props.row.numprro}`);
    setBusy(false);
    if (answer.kind === 'done') return props.onDone(answer.row);
    if (answer.kind === 'notConfirmed') setNotConfirmed(true);
    else setRefusal(answer.error);
    password.current?.focus();
  };

  return (
    <KeyDialog
      title={words.title}
      testId="key-unlock"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={props.onClose}
      wide={props.alternative !== undefined}
      actions={
        <>
          {/* The third way apart, at the left: the row reads "instead", then "back" and "do it". */}
          {props.alternative ? (
            <button
              type="button"
              className="key-alternative"
              disabled={busy}
              onClick={props.alternative.onClick}
              data-testid="key-unlock-without"
            >
              {props.alternative.label}
            </button>
          ) : null}
          <button type="button" disabled={busy} onClick={props.onClose} data-testid="key-unlock-cancel">
            {t('common:actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button type="submit" className="primary" disabled={busy} data-testid="key-unlock-submit">
            {words.submit} <kbd>Enter</kbd>
          </button>
        </>
      }
    >
      <p>{words.body}</p>
      <PasswordField
        inputRef={password}
        label={t('load.password')}
        problem={problem}
        testId="key-unlock-password"
        autoFocus
        onInput={() => setProblem(undefined)}
      />
      {props.alternative ? <p className="key-note">{props.alternative.note}</p> : null}
      {busy ? (
        <p className="loading" role="status" data-testid="key-unlock-busy">
          {t('unlock.busy')}
        </p>
      ) : null}
      {notConfirmed ? (
        <p className="error" role="alert" data-testid="key-unlock-not-confirmed">
          {t('notConfirmed')}
        </p>
      ) : null}
      <ErrorMessage error={refusal} testId="key-unlock-error" />
    </KeyDialog>
  );
}
