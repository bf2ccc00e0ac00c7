/**
 * The journal's way into a return: a button and Alt+R, on the receipt open in the journal if any.
 * Kept here so the journal only places it (another part of issue 10 adds its reprint there too).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOpenKey, OPEN_KEY } from './keys.js';
import { ReturnDialog } from './ReturnDialog.js';

export function ReturnEntry({ checkNumber }: { readonly checkNumber: string }) {
  const { t } = useTranslation('returns');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isOpenKey(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="return-open">
        {t('open')} <kbd>{OPEN_KEY.label}</kbd>
      </button>
      {open ? <ReturnDialog initial={checkNumber} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
