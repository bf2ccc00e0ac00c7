/**
 * Unlocking a register's key for the shift with its password (pos.prro_key_unlock): on the key
 * screen, and as the shift's opening step (with its own words and a way to open without it). A
 * wrong password keeps the dialog open with the refusal and an empty field; a cashier who is not a
 * manager is asked for a manager's confirmation first, held for the next try.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyAuthority } from '../authority.js';
import type { KeyRow } from '../key-state.js';
import { KeyDialog } from './KeyDialog.js';
import { KeyWriteOutcome, useKeyWrite } from './KeyWriteOutcome.js';
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
  const write = useKeyWrite(props.authority);
  const password = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const kasm = Number(props.row.kasm);
  const words = props.words ?? {
    title: t('unlock.title', { kasm, numprro: props.row.numprro }),
    body: t('unlock.body'),
    submit: t('unlock.submit'),
  };

  const submit = async () => {
    const typed = readPassword(password);
    write.begin();
    if (typed === '') {
      setProblem(t('load.needPassword'));
      password.current?.focus();
      return;
    }
    setProblem(undefined);
    // Emptied as it is sent: the field holds it no longer than this call needs it.
    clearPassword(password);
    const answer = await write.send('unlockKey', { kasm, password: typed }, `ПРРО ${props.row.numprro}`);
    if (answer.kind === 'done') return props.onDone(answer.row);
    password.current?.focus();
  };

  return (
    <KeyDialog
      title={words.title}
      testId="key-unlock"
      busy={write.busy}
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
              disabled={write.busy}
              onClick={props.alternative.onClick}
              data-testid="key-unlock-without"
            >
              {props.alternative.label}
            </button>
          ) : null}
          <button type="button" disabled={write.busy} onClick={props.onClose} data-testid="key-unlock-cancel">
            {t('common:actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button type="submit" className="primary" disabled={write.busy} data-testid="key-unlock-submit">
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
      <KeyWriteOutcome write={write} testId="key-unlock" busyText={t('unlock.busy')} />
    </KeyDialog>
  );
}
