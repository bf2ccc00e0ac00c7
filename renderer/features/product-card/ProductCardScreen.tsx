/**
 * F7, the product card: every part goods.card_open answers (main columns, description, UKTZED,
 * extra codes and fields, FIFO batches, composition, picture, stock by storage, a code owned by
 * another card). Other screens open it on a code through useUi().openProduct.
 */

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import { CardBatches } from './CardBatches.js';
import { CardDetails } from './CardDetails.js';
import { CardFloor } from './CardFloor.js';
import { CardMain } from './CardMain.js';
import { KEYS } from './keys.js';
import './product-card.css';
import { KeyHints } from '../../ui/KeyHints.js';
import { ScalesList } from './ScalesList.js';
import { Shape } from './Shape.js';
import { cardFound, groupByTag } from './tagged.js';

const STORAGES = [0, 1, 2] as const;

export function ProductCardScreen() {
  const { t } = useTranslation('product');
  const asked = useUi((s) => s.productCode);
  const [typed, setTyped] = useState(asked);
  const [code, setCode] = useState(asked.trim());
  const [sk, setSk] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const card = useRead(op.goods.cardOpen, { code, sk }, { enabled: code !== '' });
  const parts = groupByTag(rowsOf(card.data));
  const found = cardFound(parts);
  const main = parts.MAIN?.[0];
  const owner = parts.DUP_OWNER?.[0];

  useEffect(() => input.current?.focus(), []);
  // Another screen asked for a product while this one is open.
  useEffect(() => {
    if (asked === '') return;
    setTyped(asked);
    setCode(asked.trim());
  }, [asked]);

  function open(next: string) {
    setTyped(next);
    setCode(next.trim());
    input.current?.focus();
  }

  return (
    <div className="product-screen">
      <form
        className="row product-search"
        onSubmit={(e) => {
          e.preventDefault();
          open(typed);
        }}
      >
        <div className="field product-code-field">
          <label htmlFor="product-code">{t('code')}</label>
          <input
            id="product-code"
            ref={input}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setTyped('');
            }}
            data-testid="product-code"
          />
        </div>
        <div className="field">
          <label htmlFor="product-storage">{t('storage')}</label>
          <select id="product-storage" value={sk} onChange={(e) => setSk(Number(e.target.value))} data-testid="product-storage">
            {STORAGES.map((s) => (
              <option key={s} value={s}>
                {t(`storages.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" data-testid="product-open">
          {t('open')}
        </button>
      </form>
      {code === '' ? (
        <>
          <p>{t('prompt')}</p>
          <ScalesList onOpen={open} />
        </>
      ) : null}
      {code !== '' && card.isPending ? <Loading /> : null}
      <ErrorMessage error={card.error} testId="product-error" />
      <StaleNotice stale={card.data?.stale} />
      {card.isSuccess && !found ? (
        <p className="error" role="alert" data-testid="product-not-found">
          {t('notFound', { code })}
        </p>
      ) : null}
      {owner ? (
        <Shape tag="DUP_OWNER" wide>
          <p>{t('dupOwner.text', { code, name: owner.owner_name, owner: owner.owner_code })}</p>
          <button type="button" onClick={() => open(owner.owner_code)} data-testid="product-open-owner">
            {t('dupOwner.open', { owner: owner.owner_code })}
          </button>
        </Shape>
      ) : null}
      {found && main ? (
        <div className="product-card" data-testid="product-card">
          <CardMain main={main} />
          <CardFloor code={main.code} unit={main.unit_type} quantity={main.quantity} />
          <CardBatches batches={parts.FIFO ?? []} unit={main.unit_type} />
          <CardDetails parts={parts} />
        </div>
      ) : null}
      <KeyHints
        className="product-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.key, label: t(`keys.${k.action}`) }))}
      />
    </div>
  );
}
