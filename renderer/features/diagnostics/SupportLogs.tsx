/**
 * "Save logs for support": the desk's log files and its crash reports' names as one text file,
 * saved where the person chooses (the app's dialog) or in the data folder's support/ (browser
 * mode). The main process does it (logsSave); this says where it went.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../bridge/index.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

export function SupportLogs() {
  const { t } = useTranslation('diagnostics');
  const save = useMutation({ mutationFn: () => getBridge().logsSave() });
  return (
    <div className="diagnostics-support" data-testid="diagnostics-logs">
      <h3>{t('logs.legend')}</h3>
      <p className="muted">{t('logs.hint')}</p>
      <button type="button" disabled={save.isPending} onClick={() => save.mutate()} data-testid="diagnostics-logs-save">
        {save.isPending ? t('logs.saving') : t('logs.save')}
      </button>
      {save.isSuccess && save.data ? (
        <p role="status" data-testid="diagnostics-logs-saved">
          {t('logs.saved', { kb: Math.max(1, Math.round(save.data.bytes / 1024)) })} <code>{save.data.path}</code>
        </p>
      ) : null}
      {save.isSuccess && save.data === null ? <p role="status">{t('logs.cancelled')}</p> : null}
      <ErrorMessage error={save.error} />
    </div>
  );
}
