/**
 * How a key dialog's write went, for the three dialogs that send a password (load, unlock,
 * unattended): busy while the service opens the key (about a second), then, with the dialog left
 * open, that no manager confirmed or the refusal in the manager's words. The hook keeps that state
 * around useKeyWrites; the component says it under the dialog's fields.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { KeyAuthority } from '../authority.js';
import { type KeyAnswer, type KeyWriteMessage, type KeyWriteParams, useKeyWrites } from '../key-writes.js';

export interface KeyWrite {
  readonly busy: boolean;
  readonly refusal: unknown;
  readonly notConfirmed: boolean;
  /** Clears the last outcome: a new attempt begins. */
  readonly begin: () => void;
  readonly send: <M extends KeyWriteMessage>(message: M, params: KeyWriteParams[M], subject: string) => Promise<KeyAnswer>;
}

export function useKeyWrite(authority: KeyAuthority): KeyWrite {
  const write = useKeyWrites(authority);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [notConfirmed, setNotConfirmed] = useState(false);
  const begin = useCallback(() => {
    setRefusal(null);
    setNotConfirmed(false);
  }, []);
  const send = useCallback(
    async <M extends KeyWriteMessage>(message: M, params: KeyWriteParams[M], subject: string): Promise<KeyAnswer> => {
      setBusy(true);
      const answer = await write(message, params, subject);
      setBusy(false);
      if (answer.kind === 'notConfirmed') setNotConfirmed(true);
      if (answer.kind === 'refused') setRefusal(answer.error);
      return answer;
    },
    [write],
  );
  return { busy, refusal, notConfirmed, begin, send };
}

export function KeyWriteOutcome(props: { readonly write: KeyWrite; readonly testId: string; readonly busyText?: string }) {
  const { t } = useTranslation('keys');
  const { write, testId } = props;
  return (
    <>
      {write.busy && props.busyText ? (
        <p className="loading" role="status" data-testid={`${testId}-busy`}>
          {props.busyText}
        </p>
      ) : null}
      {write.notConfirmed ? (
        <p className="error" role="alert" data-testid={`${testId}-not-confirmed`}>
          {t('notConfirmed')}
        </p>
      ) : null}
      <ErrorMessage error={write.refusal} testId={`${testId}-error`} />
    </>
  );
}
