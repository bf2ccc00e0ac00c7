import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dec } from '../../../money/money.js';
import { Field } from '../../../ui/Field.js';
import { maxQuantity, parseQuantity } from '../sale-lines.js';
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
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const weigh = props.mode === 'weigh';
  const [text, setText] = useState(props.initial.replace('.', ','));
  const [tried, setTried] = useState(false);
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
      {weigh ? <p>{t('weigh.note')}</p> : null}
      <Field
        label={weigh ? t('weigh.label', { unit: props.unit }) : t('quantity.label', { unit: props.unit })}
        data-testid="quantity-input"
        className="amount-input"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={text}
        problem={
          tried && 'problem' in parsed
            ? t(`quantity.${parsed.problem}`, {
                max: maxQuantity(props.weighted, props.excise ?? false).toFixed(),
                unit: props.unit,
              })
            : undefined
        }
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
      />
    </Dialog>
  );
}
