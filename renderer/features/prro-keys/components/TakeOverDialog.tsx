/**
 * Moving a register to this installation when the tax server says another device runs it
 * (settings.prro_device_take_over): an ordinary write through the outbox, for it carries no
 * secret, with the manager's confirmation for key_settings that a cashier needs, obtained before
 * this question is asked. Asked once, in words that say what the other device loses.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WriteOutcome } from '../../../../shared/bridge/api.js';
import { op } from '../../../../shared/contract/op.js';
import { BridgeError, getBridge } from '../../../bridge/index.js';
import { useWrite } from '../../../rpc/hooks.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import type { KeyAuthority } from '../authority.js';
import type { KeyRow } from '../key-state.js';

export type TakeOverAnswer = 'done' | 'queued' | 'reconcile';

export function TakeOverDialog(props: {
  readonly row: KeyRow;
  readonly authority: KeyAuthority;
  readonly onDone: (answer: TakeOverAnswer) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('keys');
  const takeOver = useWrite(op.settings.prroDeviceTakeOver);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [notConfirmed, setNotConfirmed] = useState(false);
  const kasm = Number(props.row.kasm);

  const confirm = async () => {
    setRefusal(null);
    setNotConfirmed(false);
    const options = await props.authority.obtain('key_settings', kasm, `пристрій ПРРО ${props.row.numprro}`);
    if (!options) return setNotConfirmed(true);
    let outcome: WriteOutcome;
    try {
      outcome = await takeOver.mutateAsync({
        params: { kasm },
        options: {
          ...options,
          // One register's device: a refusal of it holds nothing else up.
          group: `prro-device-${props.row.numprro}`,
          summary: `PRRO ${props.row.numprro}: device taken over by this installation`,
          label: { key: 'prroDeviceTakeOver', values: { kasm: String(kasm), numprro: props.row.numprro } },
        },
      });
    } catch (error) {
      props.authority.forget('key_settings', kasm);
      return setRefusal(error);
    }
    // The outbox has it now: the confirmation goes with it, whatever becomes of it.
    props.authority.forget('key_settings', kasm);
    if (outcome.status === 'refused') {
      // Shown here, so settled at once: it must not wait in the outbox as needing someone's attention.
      await getBridge()
        .queueReconcile(outcome.id, t('takeOver.settledNote'))
        .catch(() => undefined);
      return setRefusal(BridgeError.from(outcome.error));
    }
    props.onDone(outcome.status === 'queued' ? 'queued' : outcome.status === 'reconcile' ? 'reconcile' : 'done');
  };

  return (
    <ConfirmDialog
      title={t('takeOver.title', { numprro: props.row.numprro })}
      confirmLabel={t('takeOver.confirm')}
      busy={takeOver.isPending}
      onCancel={props.onClose}
      onConfirm={() => void confirm()}
      confirmTestId="key-take-over-confirm"
      cancelTestId="key-take-over-cancel"
    >
      <p data-testid="key-take-over-body">{t('takeOver.body')}</p>
      {notConfirmed ? (
        <p className="error" role="alert">
          {t('notConfirmed')}
        </p>
      ) : null}
      <ErrorMessage error={refusal} testId="key-take-over-error" />
    </ConfirmDialog>
  );
}
