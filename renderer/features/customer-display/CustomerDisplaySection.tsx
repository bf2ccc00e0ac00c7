/**
 * Settings (F9), "Customer display": on or off, the serial port and its speed, the character table
 * for Cyrillic and the number the display knows it by (as the ESC/POS printer's), the greeting
 * between sales, and a test that shows Cyrillic on the display as saved. A manager's to change
 * (the main process refuses anyone else: electron/core/settings/authority.ts); anyone signed in
 * sees it read-only.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CustomerDisplaySettings,
  type CustomerDisplayState,
  DISPLAY_GREETING_MAX,
  PRINTER_CODE_PAGES,
} from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { SerialPortFields } from '../../ui/SerialPortFields.js';
import { displayProblems, settingsOf } from './validate.js';

function TestResult({ result }: { result: CustomerDisplayState }) {
  const { t } = useTranslation('display');
  const words =
    result.state === 'ready'
      ? t('tested')
      : result.state === 'off'
        ? t('testOff')
        : t('testFailed', { reason: result.reason || result.state });
  return (
    <p
      className={result.state === 'ready' ? 'settings-saved' : 'error'}
      role="status"
      data-testid="settings-display-tested"
      data-state={result.state}
    >
      {words}
    </p>
  );
}

export function CustomerDisplaySection({
  display,
  editable,
}: {
  readonly display: CustomerDisplaySettings;
  readonly editable: boolean;
}) {
  const { t } = useTranslation('display');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<CustomerDisplaySettings>(display);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<CustomerDisplaySettings>) => setDraft((d) => ({ ...d, ...patch }));
  const test = useMutation({ mutationFn: () => getBridge().customerDisplayTest() });
  const problems = displayProblems(draft);
  const problem = (k: keyof typeof problems) => (tried && problems[k] ? t(`problems.${problems[k]}`) : undefined);
  return (
    <form
      noValidate
      className="settings-section"
      aria-labelledby="settings-display"
      data-testid="settings-display"
      onSubmit={(e) => {
        e.preventDefault();
        if (!editable) return;
        setTried(true);
        if (Object.keys(problems).length === 0) update.mutate({ customerDisplay: settingsOf(draft) });
      }}
    >
      <h2 id="settings-display">{t('legend')}</h2>
      {editable ? null : <p className="settings-note">{t('managerOnly')}</p>}
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          disabled={!editable}
          onChange={(e) => set({ enabled: e.target.checked })}
          data-testid="settings-display-enabled"
        />
        {t('enabled')}
      </label>
      {draft.enabled ? (
        <>
          <div className="row">
            <SerialPortFields
              name="settings-display"
              labels={{ path: t('serialPath'), hint: t('serialHint'), baud: t('baudRate') }}
              path={draft.serialPath}
              baud={draft.baudRate}
              editable={editable}
              problem={problem('serialPath')}
              onPath={(serialPath) => set({ serialPath })}
              onBaud={(baudRate) => set({ baudRate })}
            />
          </div>
          <div className="row">
            <div className="field">
              <label htmlFor="settings-display-codepage">{t('codePage')}</label>
              <select
                id="settings-display-codepage"
                value={draft.codePage}
                disabled={!editable}
                onChange={(e) => {
                  const codePage = e.target.value as CustomerDisplaySettings['codePage'];
                  // Epson's number of the table, the most common: the test shows whether it is right.
                  set({ codePage, codeTable: codePage === 'cp866' ? 17 : 46 });
                }}
                data-testid="settings-display-codepage"
              >
                {PRINTER_CODE_PAGES.map((c) => (
                  <option key={c} value={c}>
                    {c === 'cp866' ? 'cp866 (DOS)' : 'Windows-1251'}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label={t('codeTable')}
              inputMode="numeric"
              value={String(draft.codeTable)}
              readOnly={!editable}
              onChange={(e) => set({ codeTable: Math.min(255, Number(e.target.value.replace(/\D/g, '')) || 0) })}
              data-testid="settings-display-codetable"
            />
          </div>
          <p className="settings-note">{t('codeTableHint')}</p>
          <Field
            label={t('greeting')}
            value={draft.greeting}
            maxLength={DISPLAY_GREETING_MAX}
            readOnly={!editable}
            problem={problem('greeting')}
            onChange={(e) => set({ greeting: e.target.value })}
            data-testid="settings-display-greeting"
          />
          <p className="settings-note">{t('greetingHint')}</p>
        </>
      ) : (
        <p className="settings-note">{t('off')}</p>
      )}
      {editable ? (
        <div className="row">
          <button type="submit" disabled={update.isPending} data-testid="settings-display-save">
            {update.isPending ? t('common:sending') : t('save')}
          </button>
          {display.enabled ? (
            <button
              type="button"
              className="secondary"
              // The test shows what is saved: save first.
              disabled={test.isPending || update.isPending}
              onClick={() => test.mutate()}
              data-testid="settings-display-test"
            >
              {test.isPending ? t('testing') : t('test')}
            </button>
          ) : null}
        </div>
      ) : null}
      {update.isSuccess && !update.isPending ? (
        <p className="settings-saved" role="status" data-testid="settings-display-saved">
          {t('settings:saved')}
        </p>
      ) : null}
      {test.data ? <TestResult result={test.data} /> : null}
      <ErrorMessage error={update.error ?? test.error} />
    </form>
  );
}
