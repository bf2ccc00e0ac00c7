/** One part of a card, titled by its shape and findable by tests as product-shape-<TAG>. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardRow } from './tagged.js';

/** A shape of goods.card_open, or FLOOR: what the till floor adds (PLU, age limit, shortages). */
export function Shape({ tag, children, wide }: { tag: CardRow['tag'] | 'FLOOR'; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('product');
  return (
    <section className={wide ? 'product-shape wide' : 'product-shape'} data-testid={`product-shape-${tag}`}>
      <h2>{t(`shapes.${tag}`)}</h2>
      {children}
    </section>
  );
}

/** A definition list of label → value pairs; empty values are left out so the card stays short. */
export function Pairs({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="product-pairs">
      {items
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
