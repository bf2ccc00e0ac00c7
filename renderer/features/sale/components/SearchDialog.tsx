/**
 * Finding goods by name (Ctrl+F on the sale screen): results while typing, from the till's
 * catalogue copy (fast enough with 100,000 goods: bench:ui, part C), so it works offline too.
 * ↑ ↓ choose, Enter adds the product as if it were scanned, Esc closes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '../../../../shared/bridge/api.js';
import { getBridge } from '../../../bridge/index.js';
import { formatMoney } from '../../../money/money.js';
import { Dialog } from './Dialog.js';

export function SearchDialog(props: { readonly onPick: (code: string) => void; readonly onClose: () => void }) {
  const { t } = useTranslation('sale');
  const [text, setText] = useState('');
  const [found, setFound] = useState<readonly CatalogItem[]>([]);
  /** The text the results shown are for (bench:ui measures typing to these results on screen). */
  const [shownFor, setShownFor] = useState('');
  const [at, setAt] = useState(0);
  const asked = useRef(0);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const n = ++asked.current;
    if (text.trim() === '') {
      setFound([]);
      setShownFor(text);
      return;
    }
    getBridge()
      .catalogSearch({ text, limit: 30 })
      .then((items) => {
        // Only the answer to what is typed now: a slower earlier one must not overwrite it.
        if (n !== asked.current) return;
        setFound(items);
        setShownFor(text);
        setAt(0);
      })
      .catch(() => setFound([]));
  }, [text]);

  useEffect(() => {
    list.current?.children[at]?.scrollIntoView({ block: 'nearest' });
  }, [at]);

  const pick = (item: CatalogItem | undefined) => {
    if (item) props.onPick(item.code);
  };
  return (
    <Dialog
      title={t('search.title')}
      testId="search-dialog"
      onClose={props.onClose}
      actions={
        <button type="button" onClick={props.onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      <div className="field">
        <label htmlFor="sale-search">{t('search.label')}</label>
        <input
          id="sale-search"
          className="scan-input"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={text}
          data-testid="search-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setAt((i) => Math.min(Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)), Math.max(0, found.length - 1)));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(found[at]);
            }
          }}
        />
      </div>
      <p className="muted">{t('search.hint')}</p>
      {text.trim() !== '' && found.length === 0 ? <p data-testid="search-none">{t('search.none')}</p> : null}
      <ul className="search-results" ref={list} aria-label={t('search.title')} data-testid="search-results" data-query={shownFor}>
        {found.map((item, i) => (
          <li key={item.code} className={i === at ? 'selected' : undefined}>
            {/* Not in the tab order: the keys stay with the search field (↑ ↓ Enter). */}
            <button
              type="button"
              tabIndex={-1}
              className="search-item"
              aria-current={i === at}
              data-testid="search-result"
              data-code={item.code}
              onClick={() => pick(item)}
            >
              <span className="line-name">{item.name}</span>
              <span className="line-code">{item.code}</span>
              {item.plu ? <span className="badge">{t('search.plu', { plu: item.plu })}</span> : null}
              <span className="search-price">{formatMoney(item.price)}</span>
              <span className="muted">{t('search.stock', { stock: item.stock, unit: item.unit })}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
