/**
 * Settings (F9), "Bank card terminal": on or off, TCP address and port or serial port and speed,
 * whether cashiers may enter a card payment by hand as a fallback, a test (PingDevice) of what is
 * typed, and the terminal's own X-report and settlement. A manager's to change (the main process
 * refuses anyone else: electron/core/settings/authority.ts); anyone signed in sees it read-only.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TerminalSettings } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { SerialPortFields } from '../../ui/SerialPortFields.js';
import { draftOf, settingsOf, type TerminalDraft, terminalProblems } from './validate.js';

export function TerminalSection({ terminal, editable }: { readonly terminal: TerminalSettings; readonly editable: boolean }) {
  const { t } = useTranslation('terminal');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<TerminalDraft>(draftOf(terminal));
  const [tried, setTried] = useState(false);
  const test = useMutation({ mutationFn: (s: TerminalSettings) => getBridge().terminalTest(s) });
  const report = useMutation({ mutationFn: (kind: 'audit' | 'verify') => getBridge().terminalReport(kind) });
  const problems = terminalProblems(draft);
  const problem = (k: keyof typeof problems) => (tried && problems[k] ? t(`problems.${problems[k]}`) : undefined);
  const set = (patch: Partial<TerminalDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const tcp = draft.connection === 'tcp';
  return (
    <form
      noValidate
      className="settings-section"
      aria-labelledby="settings-terminal"
      data-testid="settings-terminal"
      onSubmit={(e) => {
        e.preventDefault();
        if (!editable) return;
        setTried(true);
        if (Object.keys(problems).length === 0) update.mutate({ terminal: settingsOf(draft) });
      }}
    >
      <h2 id="settings-terminal">{t('legend')}</h2>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          disabled={!editable}
          onChange={(e) => set({ enabled: e.target.checked })}
          data-testid="settings-terminal-enabled"
        />
        {t('enabled')}
      </label>
      {draft.enabled ? (
        <>
          <fieldset className="settings-fieldset">
            <legend>{t('connection')}</legend>
            {(['tcp', 'serial'] as const).map((c) => (
              <label key={c} className={c === draft.connection ? 'settings-choice active' : 'settings-choice'}>
                <input
                  type="radio"
                  name="settings-terminal-connection"
                  checked={c === draft.connection}
                  disabled={!editable}
                  onChange={() => set({ connection: c })}
                  data-testid={`settings-terminal-${c}`}
                />
                {t(c)}
              </label>
            ))}
          </fieldset>
          <div className="row">
            {tcp ? (
              <>
                <Field
                  label={t('host')}
                  placeholder={t('hostHint')}
                  value={draft.host}
                  readOnly={!editable}
                  problem={problem('host')}
                  onChange={(e) => set({ host: e.target.value })}
                  data-testid="settings-terminal-host"
                />
                <Field
                  label={t('port')}
                  inputMode="numeric"
                  value={draft.port}
                  readOnly={!editable}
                  problem={problem('port')}
                  onChange={(e) => set({ port: e.target.value })}
                  data-testid="settings-terminal-port"
                />
              </>
            ) : (
              <SerialPortFields
                name="settings-terminal"
                labels={{ path: t('serialPath'), hint: t('serialHint'), baud: t('baudRate') }}
                path={draft.serialPath}
                baud={draft.baudRate}
                editable={editable}
                problem={problem('serialPath')}
                onPath={(serialPath) => set({ serialPath })}
                onBaud={(baudRate) => set({ baudRate })}
              />
            )}
          </div>
          <label className="settings-check">
            <input
              type="checkbox"
              checked={draft.manualEntry}
              disabled={!editable}
              onChange={(e) => set({ manualEntry: e.target.checked })}
              data-testid="settings-terminal-manual"
            />
            {t('manualEntry')}
          </label>
        </>
      ) : (
        <p className="settings-note">{t('manualNote')}</p>
      )}
      {editable ? (
        <div className="row">
          <button type="submit" disabled={update.isPending} data-testid="settings-terminal-save">
            {update.isPending ? t('common:sending') : t('save')}
          </button>
          {draft.enabled ? (
            <button
              type="button"
              className="secondary"
              disabled={test.isPending}
              data-testid="settings-terminal-test"
              onClick={() => {
                setTried(true);
                if (Object.keys(problems).length === 0) test.mutate(settingsOf(draft));
              }}
            >
              {test.isPending ? t('testing') : t('test')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="settings-note" data-testid="settings-terminal-readonly">
          {t('readonly')}
        </p>
      )}
      {test.data ? (
        <p className={test.data.ok ? 'settings-saved' : 'error'} role="status" data-testid="settings-terminal-tested">
          {test.data.ok
            ? t('testOk', { ms: test.data.latencyMs ?? 0 })
            : t('testFailed', { reason: test.data.reason || test.data.code })}
        </p>
      ) : null}
      {update.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-terminal-saved">
          {t('settings:saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error ?? test.error} />
      {terminal.enabled ? (
        <fieldset className="settings-fieldset" data-testid="settings-terminal-reports">
          <legend>{t('reports')}</legend>
          {(['audit', 'verify'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="secondary"
              disabled={report.isPending}
              data-testid={`settings-terminal-${kind}`}
              onClick={() => report.mutate(kind)}
            >
              {t(kind)}
            </button>
          ))}
          {report.data ? (
            <p className={report.data.ok ? 'settings-saved' : 'error'} role="status" data-testid="settings-terminal-report">
              {report.data.ok
                ? t('reportOk', { kind: t(report.data.kind) })
                : t('reportFailed', { kind: t(report.data.kind), reason: report.data.reason || report.data.code })}
            </p>
          ) : null}
          <ErrorMessage error={report.error} />
        </fieldset>
      ) : null}
    </form>
  );
}
