/**
 * What the manager is shown of one register's key: the register, whose key it is (РНОКПП,
 * ЄДРПОУ), who issued it, its validity with the days left, whether it is unlocked or signs
 * unattended, the documents waiting for a signature, the tax server and the register's device.
 * An expiring certificate is a warning from 30 days before, an expired one an error.
 */
import { useTranslation } from 'react-i18next';
import { daysLeftOf, dayText, expiryOf, isLoaded, type KeyRow, keyNoticeOf, lockOf, unsignedOf } from '../key-state.js';
import { keyNoticeText } from '../notice-words.js';

export function KeyFacts({ row }: { readonly row: KeyRow }) {
  const { t, i18n } = useTranslation('keys');
  const day = (d: string | null | undefined) => dayText(d, i18n.language);
  const expiry = expiryOf(row);
  const lock = lockOf(row);
  const waiting = unsignedOf(row);
  const days = daysLeftOf(row);
  const dash = t('facts.none');
  return (
    <div className="key-facts" data-testid="key-facts" data-kasm={row.kasm}>
      <KeyWarnings row={row} />
      <dl>
        <dt>{t('facts.register')}</dt>
        <dd data-testid="key-register">{t('facts.registerValue', { numprro: row.numprro, kasm: row.kasm })}</dd>
        {isLoaded(row) ? (
          <>
            <dt>{t('facts.owner')}</dt>
            <dd data-testid="key-owner">{row.owner || dash}</dd>
            <dt>{t('facts.drfo')}</dt>
            <dd data-testid="key-drfo">{row.drfo || dash}</dd>
            <dt>{t('facts.edrpou')}</dt>
            <dd data-testid="key-edrpou">{row.edrpou || dash}</dd>
            <dt>{t('facts.issuer')}</dt>
            <dd data-testid="key-issuer">{row.issuer || dash}</dd>
            <dt>{t('facts.validity')}</dt>
            <dd data-testid="key-validity" data-expiry={expiry}>
              {t('facts.validityValue', { from: day(row.valid_from), to: day(row.valid_to) })}
              {' · '}
              <span className={expiry === 'expired' ? 'badge bad' : expiry === 'soon' ? 'badge warn' : 'badge ok'}>
                {expiry === 'expired' ? t('facts.expiredDays') : t('facts.daysLeft', { count: days })}
              </span>
            </dd>
            <dt>{t('facts.lock')}</dt>
            <dd data-testid="key-lock" data-lock={lock}>
              {lock === 'unlocked' ? t('facts.unlocked') : lock === 'unattended' ? t('facts.unattendedOn') : t('facts.locked')}
            </dd>
            <dt>{t('facts.unattended')}</dt>
            <dd data-testid="key-unattended-state">
              {row.unattended === '1'
                ? t('facts.on')
                : row.unattended_available === '1'
                  ? t('facts.off')
                  : `${t('facts.off')} (${t('facts.unavailable')})`}
            </dd>
          </>
        ) : (
          <>
            <dt>{t('facts.lock')}</dt>
            <dd data-testid="key-lock" data-lock="none">
              {t('facts.notLoaded')}
            </dd>
          </>
        )}
        <dt>{t('facts.unsigned')}</dt>
        <dd data-testid="key-unsigned" data-count={waiting} className={waiting > 0 ? 'key-waiting' : undefined}>
          {waiting > 0 ? t('facts.unsignedCount', { count: waiting }) : t('facts.unsignedNone')}
        </dd>
        <dt>{t('facts.server')}</dt>
        <dd data-testid="key-server" data-server={row.server}>
          {row.server === 'real' ? t('facts.real') : t('facts.simulator')}
        </dd>
        <dt>{t('facts.device')}</dt>
        <dd data-testid="key-device" data-device={row.device}>
          {row.device === 'ours'
            ? t('facts.deviceOurs')
            : row.device === 'other'
              ? t('facts.deviceOther')
              : t('facts.deviceUnknown')}
        </dd>
      </dl>
    </div>
  );
}

/**
 * The things a manager must act on, above the facts: an error for an expired key, warnings otherwise.
 * A key locked (or not loaded) with documents waiting gets the status bar's sentence, whose chip
 * shows only its first words, and what to press.
 */
function KeyWarnings({ row }: { readonly row: KeyRow }) {
  const { t, i18n } = useTranslation('keys');
  const expiry = expiryOf(row);
  const days = daysLeftOf(row);
  const date = dayText(row.valid_to, i18n.language);
  const notice = keyNoticeOf(row);
  const waiting =
    notice?.kind === 'locked' || (notice?.kind === 'missing' && notice.count > 0 && row.server !== 'real') ? notice : null;
  return (
    <>
      {waiting ? (
        <p
          className={waiting.kind === 'locked' ? 'key-alert bad' : 'key-alert warn'}
          role="status"
          data-testid="key-waiting-notice"
          data-kind={waiting.kind}
        >
          {keyNoticeText(t, waiting)}. {t(waiting.kind === 'locked' ? 'warn.lockedAct' : 'warn.missingAct')}
        </p>
      ) : null}
      {expiry === 'expired' ? (
        <p className="key-alert bad" role="alert" data-testid="key-expired">
          {t('warn.expired', { date })}
        </p>
      ) : null}
      {expiry === 'soon' ? (
        <p className="key-alert warn" role="status" data-testid="key-expiring" data-days={days}>
          {days === 0 ? t('warn.expiresToday') : t('warn.expiring', { count: days, date })}
        </p>
      ) : null}
      {expiry === 'none' && row.server === 'real' ? (
        <p className="key-alert warn" role="status" data-testid="key-missing">
          {t('warn.missingReal')}
        </p>
      ) : null}
      {row.device === 'other' ? (
        <p className="key-alert warn" role="status" data-testid="key-other-device">
          {t('warn.otherDevice')}
        </p>
      ) : null}
    </>
  );
}
