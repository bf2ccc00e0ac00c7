/** The parked receipts (Ctrl+O): ↑ ↓ choose, Enter brings one back as the sale in progress. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../money/money.js';
import { shopTime, useShopTimeZone } from '../../../ui/shop-time.js';
import { saleTotal } from '../sale-lines.js';
import type { ParkedSale } from '../sale-store.js';
import { Dialog } from './Dialog.js';

export function ParkedDialog(props: {
  readonly parked: readonly ParkedSale[];
  readonly onRecall: (ndoc: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const zone = useShopTimeZone();
  const [at, setAt] = useState(0);
  const choose = (i: number) => {
    const p = props.parked[i];
    if (p) props.onRecall(p.ndoc);
  };
  // ↑ ↓ move between the parked receipts; Enter on the focused one brings it back (a button's own Enter).
  const count = props.parked.length;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      setAt((i) => Math.min(Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)), Math.max(0, count - 1)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);
  return (
    <Dialog
      title={t('parkedList.title')}
      testId="parked-dialog"
      onClose={props.onClose}
      actions={
        <button type="button" onClick={props.onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      {props.parked.length === 0 ? <p>{t('parkedList.none')}</p> : <p className="muted">{t('parkedList.hint')}</p>}
      <ul className="search-results" aria-label={t('parkedList.title')}>
        {props.parked.map((p, i) => (
          <li key={p.ndoc} className={i === at ? 'selected' : undefined}>
            <button
              type="button"
              className="search-item"
              aria-current={i === at}
              ref={i === at ? (el) => el?.focus() : undefined}
              data-testid="parked-sale"
              onClick={() => choose(i)}
            >
              <span className="line-name">
                {t('parkedList.item', {
                  time: shopTime(p.parkedAt, zone),
                  count: p.lines.length,
                  total: formatMoney(saleTotal(p.lines)),
                })}
              </span>
              <span className="muted">{p.lines.map((l) => l.name).join(', ')}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
