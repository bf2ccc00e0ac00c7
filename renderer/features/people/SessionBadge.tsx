/** The status bar's word on who is signed in, and the lock key (Ctrl+L). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedIn } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';

export function SessionBadge({ cashier }: { readonly cashier: SignedIn }) {
  const { t } = useTranslation('people');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && !e.altKey && !e.shiftKey && !e.metaKey && e.code === 'KeyL') {
        e.preventDefault();
        void getBridge().signOut();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const who = cashier.role === 'manager' ? t('bar.manager', { name: cashier.name }) : t('bar.cashier', { name: cashier.name });
  // On a narrow status bar the name gives up its room first ("…"); its title keeps it whole.
  return (
    <span className="session" data-testid="session" data-user={cashier.id} data-role={cashier.role}>
      <span className="session-who" title={who}>
        {who}
      </span>{' '}
      <button type="button" onClick={() => void getBridge().signOut()} data-testid="lock">
        {t('bar.lock')}
      </button>
    </span>
  );
}
