/**
 * On the sale, when its close was refused for want of a shift (`shift.not_open`) or because the
 * shift ran past its limit (`shift.too_long`): the way to the shift screen, which brings the
 * cashier back to the sale once a shift is open. The sale and its lines stay as they are.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../state/ui-store.js';
import { useShiftStore } from './shift-store.js';
import { refusalOf } from './use-shift.js';

export const SHIFT_REFUSALS = ['shift.not_open', 'shift.too_long'] as const;

/** Which shift refusal an error is, if it is one. */
export function shiftRefusal(error: unknown): (typeof SHIFT_REFUSALS)[number] | undefined {
  const reason = refusalOf(error)?.reason;
  return SHIFT_REFUSALS.find((r) => r === reason);
}

export function ShiftOffer({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('shift');
  const show = useUi((s) => s.show);
  const askedBySale = useShiftStore((s) => s.askedBySale);
  const refusal = shiftRefusal(error);
  // Shift+F1 (the shell opens the shift screen) counts as taking the offer: the till comes back here.
  useEffect(() => {
    if (!refusal) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F1' && e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) askedBySale();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [refusal, askedBySale]);
  if (!refusal) return null;
  const notOpen = refusal === 'shift.not_open';
  return (
    <div className="shift-offer" data-testid="shift-offer" data-reason={refusal}>
      <p>{t(notOpen ? 'offer.notOpen' : 'offer.tooLong')}</p>
      <button
        type="button"
        className="primary"
        onClick={() => {
          askedBySale();
          show('shift');
        }}
        data-testid="shift-offer-open"
      >
        <kbd>Shift+F1</kbd> {t(notOpen ? 'offer.open' : 'offer.close')}
      </button>
    </div>
  );
}
