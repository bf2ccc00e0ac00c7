/**
 * The till's door: nobody sells until a cashier signs in with card and PIN, and the idle lock
 * brings this back. The back office checks the PIN (salted hash, attempts counted, lockout), so
 * signing in needs the service; the card field takes a scanned login card like any scan.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../bridge/index.js';
import { useSettings, useStatus } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { PinFields } from './PinFields.js';
import { isPin, type PinAnswer, pinAnswer } from './pin-answer.js';

type Answer = PinAnswer | { readonly kind: 'failed'; readonly error: unknown };

export function SignInScreen({ wasSignedIn }: { readonly wasSignedIn: boolean }) {
  const { t } = useTranslation('people');
  const settings = useSettings();
  const status = useStatus();
  const zone = useShopTimeZone();
  const [card, setCard] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const cardProblem = card.trim() === '' ? t('signIn.needCard') : undefined;
  const pinProblem = isPin(pin) ? undefined : t('signIn.needPin');
  const offline = status.data?.connection === 'offline';

  const submit = async () => {
    setTried(true);
    if (busy || cardProblem || pinProblem) return;
    setBusy(true);
    try {
      const result = await getBridge().signIn({ kasm: settings.data?.till.kasm ?? 1, card: card.trim(), pin });
      const a = pinAnswer(result.rows[0] as Record<string, unknown> | undefined);
      setAnswer(a);
      // The core announces the session; the shell then shows the till. A wrong PIN is typed again.
      if (a.kind !== 'ok') {
        setPin('');
        setTried(false);
      }
    } catch (error) {
      setAnswer({ kind: 'failed', error });
      setPin('');
      setTried(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sign-in" data-testid="sign-in">
      <form
        className="sign-in-panel"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1>{wasSignedIn ? t('signIn.locked') : t('signIn.title')}</h1>
        <p className="hint">{t('signIn.hint')}</p>
        <PinFields
          labels={{ card: t('signIn.card'), pin: t('signIn.pin') }}
          testIds={{ card: 'sign-in-card', pin: 'sign-in-pin' }}
          card={card}
          pin={pin}
          onCard={setCard}
          onPin={setPin}
          problems={tried ? { card: cardProblem, pin: pinProblem } : undefined}
        />
        <button type="submit" className="primary" disabled={busy} data-testid="sign-in-submit">
          {t('signIn.enter')}
        </button>
        {offline ? (
          <p className="warn" role="status" data-testid="sign-in-offline">
            {t('signIn.offline')}
          </p>
        ) : null}
        {answer?.kind === 'wrongPin' ? (
          <p className="error" role="alert" data-testid="sign-in-answer" data-outcome="wrong_pin">
            {t('signIn.wrongPin', { count: answer.attemptsLeft })}
          </p>
        ) : null}
        {answer?.kind === 'locked' ? (
          <p className="error" role="alert" data-testid="sign-in-answer" data-outcome="locked">
            {t('signIn.lockedUntil', { time: shopTime(answer.until, zone) })}
          </p>
        ) : null}
        {answer?.kind === 'failed' ? <ErrorMessage error={answer.error} testId="sign-in-answer" /> : null}
        <p className="hint">{t('signIn.serviceScreens')}</p>
      </form>
    </div>
  );
}
