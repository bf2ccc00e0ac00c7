/** The manager's card and PIN for the action a cashier asked for (manager-confirm.ts). */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../bridge/index.js';
import { useSettings } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Modal } from '../../ui/Modal.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { useManagerConfirm } from './manager-confirm.js';
import { PinFields } from './PinFields.js';
import { isPin, type PinAnswer, pinAnswer } from './pin-answer.js';

type Answer = Exclude<PinAnswer, { kind: 'ok' }> | { readonly kind: 'failed'; readonly error: unknown };

export function ManagerConfirmDialog() {
  const request = useManagerConfirm((s) => s.request);
  // Keyed by the request: every question starts with empty fields.
  return request ? <Asking key={`${request.action}:${request.kasm ?? ''}:${request.subject}`} /> : null;
}

function Asking() {
  const { t } = useTranslation('people');
  const request = useManagerConfirm((s) => s.request);
  const finish = useManagerConfirm((s) => s.finish);
  const settings = useSettings();
  const zone = useShopTimeZone();
  const [card, setCard] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  if (!request) return null;

  const submit = async () => {
    if (busy || card.trim() === '' || !isPin(pin)) return;
    setBusy(true);
    try {
      const result = await getBridge().confirmManager({
        kasm: request.kasm ?? settings.data?.till.kasm ?? 1,
        card: card.trim(),
        pin,
        action: request.action,
        subject: request.subject,
      });
      const a = pinAnswer(result.rows[0] as Record<string, unknown> | undefined);
      if (a.kind === 'ok') finish({ id: Number(a.row.confirmation_id), manager: a.row.manager ?? '' });
      else {
        setAnswer(a);
        setPin('');
      }
    } catch (error) {
      setAnswer({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      role="dialog"
      aria-label={t('confirm.title')}
      data-testid="manager-confirm"
      data-action={request.action}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        finish(null);
      }}
    >
      <h2>{t('confirm.title')}</h2>
      <p data-testid="manager-confirm-what">
        {t(`confirm.actions.${request.action}`)}
        {request.subject ? `: ${request.subject}` : ''}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <PinFields
          labels={{ card: t('confirm.card'), pin: t('confirm.pin') }}
          testIds={{ card: 'manager-card', pin: 'manager-pin' }}
          card={card}
          pin={pin}
          onCard={setCard}
          onPin={setPin}
        />
        <button type="submit" hidden tabIndex={-1} />
      </form>
      {answer?.kind === 'wrongPin' ? (
        <p className="error" role="alert" data-testid="manager-answer">
          {t('confirm.wrongPin', { count: answer.attemptsLeft })}
        </p>
      ) : null}
      {answer?.kind === 'locked' ? (
        <p className="error" role="alert" data-testid="manager-answer">
          {t('confirm.locked', { time: shopTime(answer.until, zone) })}
        </p>
      ) : null}
      {answer?.kind === 'failed' ? <ErrorMessage error={answer.error} testId="manager-answer" /> : null}
      <div className="dialog-actions">
        <button type="button" onClick={() => finish(null)} data-testid="manager-cancel">
          {t('common:actions.cancel')} <kbd>Esc</kbd>
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void submit()} data-testid="manager-ok">
          {t('confirm.ok')} <kbd>Enter</kbd>
        </button>
      </div>
    </Modal>
  );
}
