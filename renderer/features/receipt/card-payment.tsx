/** A card payment's terminal details under its payment on the HTML paper (shared/paper/card-payment.ts says which). */
import { cardPaymentLines } from '../../../shared/paper/card-payment.js';
import type { Pay, Receipt } from '../../../shared/paper/receipt.js';
import { Row } from './paper-parts.js';

export function CardPaymentRows({ receipt, pay }: { receipt: Receipt; pay: Pay }) {
  return (
    <>
      {cardPaymentLines(receipt, pay).map(({ paySys, fields }) => (
        <div key={`${paySys.terminal_id} ${paySys.rrn}`} data-testid="receipt-card-payment" data-rrn={paySys.rrn}>
          {fields.map(([word, value]) => (
            <Row key={word} className="rp-ind" left={word} right={value} />
          ))}
        </div>
      ))}
    </>
  );
}
