/**
 * Settings (F9), "Scale": on or off, the serial port and speed, the protocol (CAS's continuous
 * line), and a test that weighs now with what is typed. A manager's to change (the main process
 * refuses anyone else: electron/core/settings/authority.ts); anyone signed in sees it read-only.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScaleSettings } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { SerialPortFields } from '../../ui/SerialPortFields.js';

export function ScaleSection({ scale, editable }: { readonly scale: ScaleSettings; readonly editable: boolean }) {
  const { t } = useTranslation('scale');
  const { t: ts } = useTranslation('sale');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<ScaleSettings>(scale);
  const [tried, setTried] = useState(false);
  const test = useMutation({ mutationFn: (s: ScaleSettings) => getBridge().scaleRead(s) });
  const missingPath = draft.enabled && draft.serialPath.trim() === '';
  const set = (patch: Partial<ScaleSettings>) => setDraft((d) => ({ ...d, ...patch }));
  const typed = (): ScaleSettings => ({ ...draft, serialPath: draft.serialPath.trim() });
  return (
    <form
      noValidate
      className="settings-section"
      aria-labelledby="settings-scale"
      data-testid="settings-scale"
      onSubmit={(e) => {
        e.preventDefault();
        if (!editable) return;
        setTried(true);
        if (!missingPath) update.mutate({ scale: typed() });
      }}
    >
      <h2 id="settings-scale">{t('legend')}</h2>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          disabled={!editable}
          onChange={(e) => set({ enabled: e.target.checked })}
          data-testid="settings-scale-enabled"
        />
        {t('enabled')}
      </label>
      {draft.enabled ? (
        <div className="row">
          <SerialPortFields
            name="settings-scale"
            labels={{ path: t('serialPath'), hint: t('serialHint'), baud: t('baudRate') }}
            path={draft.serialPath}
            baud={draft.baudRate}
            editable={editable}
            problem={tried && missingPath ? t('problems.serialPath') : undefined}
            onPath={(serialPath) => set({ serialPath })}
            onBaud={(baudRate) => set({ baudRate })}
          />
          <div className="field">
            <label htmlFor="settings-scale-protocol">{t('protocol')}</label>
            <select
              id="settings-scale-protocol"
              value={draft.protocol}
              disabled={!editable}
              onChange={() => set({ protocol: 'cas' })}
            >
              <option value="cas">{t('cas')}</option>
            </select>
          </div>
        </div>
      ) : (
        <p className="settings-note">{t('note')}</p>
      )}
      {editable ? (
        <div className="row">
          <button type="submit" disabled={update.isPending} data-testid="settings-scale-save">
            {update.isPending ? t('common:sending') : t('save')}
          </button>
          {draft.enabled ? (
            <button
              type="button"
              className="secondary"
              disabled={test.isPending}
              data-testid="settings-scale-test"
              onClick={() => {
                setTried(true);
                if (!missingPath) test.mutate(typed());
              }}
            >
              {test.isPending ? t('testing') : t('test')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="settings-note">{t('readonly')}</p>
      )}
      {test.data ? (
        <p className={test.data.ok ? 'settings-saved' : 'error'} role="status" data-testid="settings-scale-tested">
          {test.data.ok
            ? t('testOk', { kg: test.data.kg.replace('.', ',') })
            : t('testFailed', { reason: ts(`weigh.scale.${test.data.reason}`) })}
        </p>
      ) : null}
      {update.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-scale-saved">
          {t('settings:saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error ?? test.error} />
    </form>
  );
}
