import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dec } from '../../../money/money.js';
import { Field } from '../../../ui/Field.js';
import { parseQuantity, type SaleLine } from '../sale-lines.js';
import { Dialog } from './Dialog.js';

/** A new quantity for the selected line; a wrong one is said under the field and nothing changes. */
export function QuantityDialog(props: {
  readonly line: SaleLine;
  readonly onApply: (q: Dec) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const [text, setText] = useState(props.line.quantity.replace('.', ','));
  const [tried, setTried] = useState(false);
  const parsed = parseQuantity(text, props.line.excise);
  const apply = () => {
    setTried(true);
    if ('quantity' in parsed) props.onApply(parsed.quantity);
  };
  return (
    <Dialog
      title={t('quantity.title', { name: props.line.name })}
      testId="quantity-dialog"
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="button" className="primary" onClick={apply} data-testid="quantity-apply">
            {t('quantity.apply')}
          </button>
        </>
      }
    >
      <Field
        label={t('quantity.label', { unit: props.line.unit })}
        data-testid="quantity-input"
        className="amount-input"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={text}
        problem={tried && 'problem' in parsed ? t(`quantity.${parsed.problem}`) : undefined}
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
