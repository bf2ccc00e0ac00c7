/**
 * Counting the drawer: pieces of each banknote and coin, the total counted and the difference
 * from the cash the till expects. Nothing is sent: the count lives in the screen's store, so it
 * survives a look at another screen, and is cleared with the shift.
 */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { countDrawer, DENOMINATIONS, type Denomination, drawerDifference, lineSum, parsePieces } from './drawer.js';
import { useShiftStore } from './shift-store.js';

export function DrawerCount({ expected }: { readonly expected: string }) {
  const { t } = useTranslation('shift');
  const counts = useShiftStore((s) => s.counts);
  const setCount = useShiftStore((s) => s.setCount);
  const clearCounts = useShiftStore((s) => s.clearCounts);
  const inputs = useRef<Map<string, HTMLInputElement>>(new Map());
  const count = countDrawer(counts);
  const { difference, balance } = drawerDifference(count.counted, expected);
  const problems = Object.keys(count.problems).length;

  useEffect(() => {
    inputs.current.get(DENOMINATIONS[0]?.id ?? '')?.focus();
  }, []);

  // Enter walks down the notes, then the coins, then back to the top.
  const next = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const d = DENOMINATIONS[(i + 1) % DENOMINATIONS.length];
    const el = d ? inputs.current.get(d.id) : undefined;
    el?.focus();
    el?.select();
  };

  const label = (d: Denomination) =>
    d.face.startsWith('0.')
      ? t('count.kopecks', { face: String(Number(d.face.slice(2))) })
      : t('count.hryvnias', { face: d.face.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0') });

  const column = (kind: Denomination['kind']) => (
    <fieldset className="drawer-column">
      <legend>{t(kind === 'note' ? 'count.notes' : 'count.coins')}</legend>
      {DENOMINATIONS.map((d, i) => {
        if (d.kind !== kind) return null;
        const text = counts[d.id] ?? '';
        const parsed = parsePieces(text);
        const problem = 'problem' in parsed ? parsed.problem : undefined;
        return (
          <div className="drawer-row" key={d.id}>
            <label htmlFor={`drawer-${d.id}`}>{label(d)}</label>
            <input
              id={`drawer-${d.id}`}
              ref={(el) => {
                if (el) inputs.current.set(d.id, el);
                else inputs.current.delete(d.id);
              }}
              inputMode="numeric"
              autoComplete="off"
              aria-label={t('count.pieces', { label: label(d) })}
              aria-invalid={problem ? true : undefined}
              value={text}
              onChange={(e) => setCount(d.id, e.target.value)}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={next(i)}
              data-testid={`drawer-pieces-${d.id}`}
            />
            <span className="num drawer-line" data-testid={`drawer-sum-${d.id}`}>
              {problem ? (
                <span className="field-problem">{t(`count.${problem}`)}</span>
              ) : 'pieces' in parsed && parsed.pieces > 0 ? (
                formatMoney(lineSum(d, parsed.pieces))
              ) : (
                ''
              )}
            </span>
          </div>
        );
      })}
    </fieldset>
  );

  return (
    <section className="shift-panel" aria-labelledby="shift-count-title" data-testid="drawer-count">
      <h2 id="shift-count-title">{t('count.title')}</h2>
      <p className="muted">{t('count.help')}</p>
      <div className="drawer-columns">
        {column('note')}
        {column('coin')}
      </div>
      {problems > 0 ? (
        <p className="error" role="alert" data-testid="drawer-problems">
          {t('count.fix', { count: problems })}
        </p>
      ) : null}
      <dl className="drawer-totals">
        <dt>{t('count.counted')}</dt>
        <dd data-testid="drawer-counted" data-amount={count.counted.toFixed(2)}>
          {formatMoney(count.counted)}
        </dd>
        <dt>{t('count.expected')}</dt>
        <dd data-testid="drawer-expected" data-amount={expected}>
          {formatMoney(expected)}
        </dd>
        <dt>{t('count.difference')}</dt>
        <dd
          className={`drawer-difference ${balance}`}
          data-testid="drawer-difference"
          data-amount={difference.toFixed(2)}
          data-balance={balance}
        >
          <strong>
            {balance === 'surplus' ? '+' : ''}
            {formatMoney(difference)}
          </strong>{' '}
          {t(`count.${balance}`)}
        </dd>
      </dl>
      <button
        type="button"
        onClick={() => {
          clearCounts();
          inputs.current.get(DENOMINATIONS[0]?.id ?? '')?.focus();
        }}
        data-testid="drawer-clear"
      >
        {t('count.clear')}
      </button>
    </section>
  );
}
