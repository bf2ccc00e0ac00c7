/** The till's shift at a glance, from pos.shift_state: who, since when, receipts, the drawer, what is unsent. */
import { useTranslation } from 'react-i18next';
import { dec, formatMoney } from '../../money/money.js';
import { useUi } from '../../state/ui-store.js';
import { shopDateTime, useShopTimeZone } from '../../ui/shop-time.js';
import { hoursShown } from './offline-clock.js';
import type { ShiftStateRow } from './use-shift.js';

/** A shift this close to its limit (hours) is flagged, so it is closed before sales stop. */
const NEAR_LIMIT_HOURS = 2;

export function isOpen(row: ShiftStateRow | undefined): row is ShiftStateRow {
  return row !== undefined && row.shift_id !== '';
}

export function ShiftFacts({ row }: { readonly row: ShiftStateRow }) {
  const { t, i18n } = useTranslation('shift');
  const zone = useShopTimeZone();
  const show = useUi((s) => s.show);
  const language = i18n.language === 'en' ? 'en' : 'uk';
  const open = isOpen(row);
  const unsent = Number(row.unsent_docs) || 0;
  const hours = dec(/^\d+(\.\d+)?$/.test(row.shift_hours) ? row.shift_hours : '0');
  const max = Number(row.shift_max_hours) || 24;
  const offline = row.register_mode === 'offline';
  return (
    <section
      className="shift-facts"
      aria-labelledby="shift-facts-title"
      data-testid="shift-facts"
      data-state={open ? 'open' : 'closed'}
    >
      <h2 id="shift-facts-title">{t('facts.title')}</h2>
      {open ? null : (
        <p className="shift-closed" data-testid="shift-closed">
          <strong>{t('facts.closed')}</strong> {t('facts.closedHelp')}
        </p>
      )}
      <dl className="shift-dl">
        <dt>{t('facts.register')}</dt>
        <dd data-testid="shift-register">{row.numprro || t('facts.noRegister')}</dd>
        {open ? (
          <>
            <dt>{t('facts.cashier')}</dt>
            <dd data-testid="shift-cashier-name">{row.cashier}</dd>
            <dt>{t('facts.openedAt')}</dt>
            <dd data-testid="shift-opened-at">{shopDateTime(row.opened_at, zone)}</dd>
            <dt>{t('facts.hours')}</dt>
            <dd data-testid="shift-hours" className={hours.gte(max - NEAR_LIMIT_HOURS) ? 'warn' : undefined}>
              {t('facts.hoursValue', { hours: hoursShown(hours, language), max })}
            </dd>
            <dt>{t('facts.receipts')}</dt>
            <dd data-testid="shift-receipts">{row.receipts}</dd>
          </>
        ) : null}
        <dt>{t('facts.cash')}</dt>
        <dd className="shift-cash" data-testid="shift-cash" data-amount={row.cash_balance}>
          {formatMoney(row.cash_balance)}
        </dd>
        <dt>{t('facts.unsent')}</dt>
        <dd data-testid="shift-unsent" data-count={unsent} className={unsent > 0 ? 'warn' : undefined}>
          {unsent > 0 ? (
            <button type="button" className="link" onClick={() => show('prro')} data-testid="shift-unsent-queue">
              {unsent} · {t('actions.queue')} <kbd>F5</kbd>
            </button>
          ) : (
            t('facts.unsentNone')
          )}
        </dd>
        <dt>{t('facts.mode')}</dt>
        <dd data-testid="shift-mode" data-mode={row.register_mode} className={offline ? 'warn' : undefined}>
          {offline ? t('facts.offline', { since: shopDateTime(row.offline_since, zone) }) : t('facts.online')}
        </dd>
      </dl>
      {open && hours.gte(max) ? (
        <p className="error" role="alert" data-testid="shift-too-long">
          {t('facts.tooLong', { max })}
        </p>
      ) : open && hours.gte(max - NEAR_LIMIT_HOURS) ? (
        <p className="stale" role="status" data-testid="shift-near-limit">
          {t('facts.nearLimit', { max })}
        </p>
      ) : null}
    </section>
  );
}
