/**
 * A card payment's terminal details under its payment on the paper, as the fiscal document's
 * PAYSYS row says them (pos.receipt_print PAYSYS rows): the masked card (ЕПЗ), the payment system,
 * the authorisation code, the RRN, the terminal, its receipt number and the acquirer. A field the
 * terminal did not give is not printed.
 */
import type { PaySys } from './model.js';
import { Row } from './paper-parts.js';

/** Words of the paper (Ukrainian whatever the screen speaks, as paper-words.ts). */
const WORDS: readonly (readonly [keyof PaySys, string])[] = [
  ['pan', 'ЕПЗ'],
  ['name', 'Платіжна система'],
  ['auth_code', 'Код авторизації'],
  ['rrn', 'RRN'],
  ['terminal_id', 'Термінал'],
  ['invoice_number', 'Чек термінала'],
  ['acquirer', 'Еквайр'],
];

export function CardPaymentRows({ rows }: { rows: readonly PaySys[] }) {
  return (
    <>
      {rows.map((r) => (
        <div key={`${r.terminal_id} ${r.rrn}`} data-testid="receipt-card-payment" data-rrn={r.rrn}>
          {WORDS.filter(([k]) => r[k] !== '').map(([k, word]) => (
            <Row key={k} className="rp-ind" left={word} right={r[k]} />
          ))}
        </div>
      ))}
    </>
  );
}
