import { useTranslation } from 'react-i18next';
import { type Dec, formatMoney } from '../../../money/money.js';
import { shopTime, useShopTimeZone } from '../../../ui/shop-time.js';
import type { SaleCard } from '../sale-store.js';
import { CardTerms } from './CardTerms.js';

/** The total in large figures, the card of the sale and the payment buttons (their keys beside them). */
export function SaleSide(props: {
  readonly total: Dec;
  readonly lineCount: number;
  readonly card: SaleCard | null;
  /** When the sale began (ISO 8601), shown in the shop's time: a person does not read document ids. */
  readonly startedAt: string;
  readonly parked: number;
  readonly onPayCash: () => void;
  readonly onMixed: () => void;
  readonly onStamps: () => void;
  readonly onCancel: () => void;
  readonly onSearch: () => void;
  readonly onPark: () => void;
  readonly onRecall: () => void;
  readonly onManual: () => void;
}) {
  const { t } = useTranslation('sale');
  const zone = useShopTimeZone();
  const empty = props.lineCount === 0;
  return (
    <aside className="sale-side">
      <div className="sale-total-box">
        <span className="sale-total-label">{t('total')}</span>
        <output className="total sale-total" data-testid="sale-total" data-total={props.total.toFixed(2)}>
          {formatMoney(props.total)}
        </output>
        <span className="muted">{t('linesCount', { count: props.lineCount })}</span>
      </div>
      <p
        className={props.card ? 'sale-card badge ok' : 'sale-card muted'}
        data-testid="sale-card"
        data-card={props.card?.code ?? ''}
      >
        {props.card ? t('card', { holder: props.card.holder || props.card.code }) : t('noCard')}
      </p>
      {props.card ? <CardTerms card={props.card.code} /> : null}
      <div className="sale-buttons">
        <button type="button" className="primary big" data-testid="pay-cash" disabled={empty} onClick={props.onPayCash}>
          <kbd>F12</kbd> {t('actions.payCash')}
        </button>
        <button type="button" className="big" data-testid="go-mixed" disabled={empty} onClick={props.onMixed}>
          <kbd>F2</kbd> {t('actions.mixed')}
        </button>
        <button type="button" data-testid="open-stamps" onClick={props.onStamps}>
          <kbd>F11</kbd> {t('actions.stamps')}
        </button>
        <button type="button" data-testid="open-search" onClick={props.onSearch}>
          <kbd>Ctrl+F</kbd> {t('actions.search')}
        </button>
        <button type="button" data-testid="open-manual" disabled={empty} onClick={props.onManual}>
          <kbd>Ctrl+D</kbd> {t('actions.manual')}
        </button>
        <button type="button" data-testid="park-sale" disabled={empty} onClick={props.onPark}>
          <kbd>Ctrl+P</kbd> {t('actions.park')}
        </button>
        <button type="button" data-testid="open-parked" disabled={props.parked === 0} onClick={props.onRecall}>
          <kbd>Ctrl+O</kbd> {t('actions.recall', { count: props.parked })}
        </button>
        <button type="button" className="danger" data-testid="cancel-sale" disabled={empty} onClick={props.onCancel}>
          <kbd>Ctrl+Delete</kbd> {t('actions.cancelSale')}
        </button>
      </div>
      {props.startedAt ? (
        <p className="sale-ndoc muted" data-testid="sale-started">
          {t('startedAt', { time: shopTime(props.startedAt, zone) })}
        </p>
      ) : null}
    </aside>
  );
}
