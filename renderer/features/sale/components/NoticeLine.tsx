import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { useNotice } from '../notice-store.js';

/** The last thing the till has to say, under the code field, until the next scan. */
export function NoticeLine() {
  const { t } = useTranslation('sale');
  const notice = useNotice((s) => s.notice);
  if (!notice) return <div className="sale-notice" />;
  return (
    <div
      className={`sale-notice ${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="scan-message"
      data-tone={notice.tone}
    >
      <p>{t(notice.key, notice.values ?? {})}</p>
      {notice.error ? <ErrorMessage error={notice.error} testId="scan-error" /> : null}
    </div>
  );
}
