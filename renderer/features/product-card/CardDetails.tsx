/** The smaller parts of a card: description, UKTZED, extra codes and fields, composition, picture, stock by storage. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity } from '../../money/money.js';
import { Pairs, Shape } from './Shape.js';
import type { CardParts } from './tagged.js';

export function CardDetails({ parts }: { parts: CardParts }) {
  const { t } = useTranslation('product');
  const desc = parts.DESC?.[0];
  const ukt = parts.UKT?.[0];
  const size = parts.SIZE_SUMMARY?.[0];
  const codes = parts.EXTRA_CODE ?? [];
  const values = parts.EXTRA_VALUE ?? [];
  const kit = parts.SOSTAV ?? [];
  const pictures = parts.PICTURE ?? [];
  return (
    <>
      {size ? (
        <Shape tag="SIZE_SUMMARY">
          <p>{size.summary}</p>
        </Shape>
      ) : null}
      {ukt ? (
        <Shape tag="UKT">
          <Pairs
            items={[
              [t('ukt.uktzed'), ukt.uktzed || t('none')],
              [
                t('ukt.excise_input'),
                ukt.excise_input === '1' ? (
                  <span key="excise" className="badge warn">
                    {t('ukt.excise')}
                  </span>
                ) : (
                  t('no')
                ),
              ],
            ]}
          />
        </Shape>
      ) : null}
      {desc ? (
        <Shape tag="DESC">
          <Pairs
            items={[
              [t('desc.description'), desc.description || t('none')],
              [t('desc.kitchen_printer'), desc.kitchen_printer],
            ]}
          />
        </Shape>
      ) : null}
      <Shape tag="EXTRA_CODE">
        {codes.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ul className="product-codes">
            {codes.map((c) => (
              <li key={c.code}>{c.code}</li>
            ))}
          </ul>
        )}
      </Shape>
      <Shape tag="EXTRA_VALUE">
        {values.length === 0 ? <p>{t('none')}</p> : <Pairs items={values.map((v) => [v.field_name, v.value] as const)} />}
      </Shape>
      <Shape tag="SOSTAV">
        {kit.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>{t('sostav.name')}</th>
                <th className="num">{t('sostav.quantity')}</th>
                <th className="num">{t('sostav.cost')}</th>
                <th className="num">{t('sostav.price')}</th>
              </tr>
            </thead>
            <tbody>
              {kit.map((c) => (
                <tr key={c.code}>
                  <td>
                    {c.name} <small className="product-muted">{c.code}</small>
                  </td>
                  <td className="num">
                    {formatQuantity(c.quantity)} {c.unit_type}
                  </td>
                  <td className="num">{formatMoney(c.cost)}</td>
                  <td className="num">{formatMoney(c.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Shape>
      {pictures.length > 0 ? (
        <Shape tag="PICTURE">
          {pictures.map((p) => (
            <Pairs
              key={`${p.folder}/${p.picture}`}
              items={[
                [t('picture.file'), p.picture],
                [t('picture.folder'), p.folder],
              ]}
            />
          ))}
        </Shape>
      ) : null}
    </>
  );
}
