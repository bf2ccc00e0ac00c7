/** The question printer-gate.ts asks before a sale closes into a receipt that cannot be printed. */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { usePrinterGate } from './printer-gate.js';

export function PrinterGateDialog() {
  const { t } = useTranslation('receipt');
  const asking = usePrinterGate((s) => s.asking);
  const reply = usePrinterGate((s) => s.reply);
  if (!asking) return null;
  return (
    <ConfirmDialog
      title={t('gate.title')}
      confirmLabel={t('gate.retry')}
      cancelLabel={t('gate.back')}
      confirmTestId="printer-gate-retry"
      cancelTestId="printer-gate-back"
      alternative={{ label: t('gate.without'), onClick: () => reply('without'), testId: 'printer-gate-without' }}
      onConfirm={() => reply('retry')}
      onCancel={() => reply('back')}
    >
      <div data-testid="printer-gate" data-condition={asking.condition}>
        <p>
          <strong>{t(`gate.${asking.condition}`)}</strong>
        </p>
        <p>{t('gate.todo')}</p>
      </div>
    </ConfirmDialog>
  );
}
