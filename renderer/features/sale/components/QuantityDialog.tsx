import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dec } from '../../../money/money.js';
import { Field } from '../../../ui/Field.js';
import { maxQuantity, parseQuantity } from '../sale-lines.js';
import { useScaleWeight } from '../scale/useScaleWeight.js';
import { Dialog } from './Dialog.js';

/**
 * A quantity for a line, or the weight of goods by weight scanned by their plain barcode; a wrong
 * one is said under the field and nothing changes. Goods by the piece take whole pieces only.
 */
export function QuantityDialog(props: {
  readonly name: string;
  readonly unit: string;
  readonly weighted: boolean;
  /** An excise line: a stamp a unit, so no more units than a line takes stamps. */
  readonly excise?: boolean;
  /** The quantity there is now; empty to ask for a weight. */
  readonly initial: string;
  /** `weigh`: the product is not on the receipt yet and its weight is asked. */
  readonly mode?: 'change' | 'weigh';
  readonly onApply: (q: Dec) => void;
  /** Weigh mode: the scale's label was scanned into the field instead of a weight typed. */
  readonly onScan?: (code: string) => void;
  /** Weigh mode: a scale is set up, so the weight is taken from it (stable only); typing stays possible. */
  readonly scale?: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const weigh = props.mode === 'weigh';
  const [text, setText] = useState(props.initial.replace('.', ','));
  const [tried, setTried] = useState(false);
  const { weight, retry } = useScaleWeight(weigh && (props.scale ?? false));
  const [typed, setTyped] = useState(false);
  // The scale's weight fills the field for the cashier to confirm with Enter, unless they typed over it.
  useEffect(() => {
    if (weight.state === 'weighed' && !typed) setText(weight.kg.replace('.', ','));
  }, [weight, typed]);
  const parsed = parseQuantity(text, props.weighted, props.excise ?? false);
  const apply = () => {
    // A barcode is no weight: in weigh mode it is the scale's label, scanned as the product.
    if (weigh && props.onScan && /^\d{8,14}$/.test(text.trim())) return props.onScan(text.trim());
    setTried(true);
    if ('quantity' in parsed) props.onApply(parsed.quantity);
  };
  return (
    <Dialog
      title={weigh ? t('weigh.title', { name: props.name }) : t('quantity.title', { name: props.name })}
      testId={weigh ? 'weigh-dialog' : 'quantity-dialog'}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="button" className="primary" onClick={apply} data-testid="quantity-apply">
            {weigh ? t('weigh.apply') : t('quantity.apply')}
          </button>
        </>
      }
    >
      {weigh ? <p>{t(props.scale ? 'weigh.scaleNote' : 'weigh.note')}</p> : null}
      <Field
        label={weigh ? t('weigh.label', { unit: props.unit }) : t('quantity.label', { unit: props.unit })}
        data-testid="quantity-input"
        className="amount-input"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={text}
        placeholder={weight.state === 'waiting' ? t('weigh.scale.waiting') : undefined}
        problem={
          tried && 'problem' in parsed
            ? t(`quantity.${parsed.problem}`, {
                max: maxQuantity(props.weighted, props.excise ?? false).toFixed(),
                unit: props.unit,
              })
            : undefined
        }
        onChange={(e) => {
          setTyped(true);
          setText(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
      />
      {weight.state === 'waiting' ? (
        <p className="muted" data-testid="scale-state" aria-live="polite">
          {t('weigh.scale.waiting')}
        </p>
      ) : null}
      {weight.state === 'weighed' ? (
        <p className="muted" data-testid="scale-state" aria-live="polite">
          {t('weigh.scale.weighed')}
        </p>
      ) : null}
      {weight.state === 'refused' ? (
        <p className="problem" role="alert" data-testid="scale-state">
          {t(`weigh.scale.${weight.reason}`)}{' '}
          <button type="button" onClick={retry} data-testid="scale-retry">
            {t('weigh.scale.retry')}
          </button>
        </p>
      ) : null}
    </Dialog>
  );
}
