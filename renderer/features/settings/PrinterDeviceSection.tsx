/**
 * The ESC/POS receipt printer and the cash drawer on it (electron/devices/printer): how the till
 * reaches it (the system printer as HTML, the network, a serial port or USB, a Windows queue), the
 * characters a line holds, the code page and the number the printer knows it by, the drawer; and a
 * test page that prints the alphabet in each candidate code table with the printer's state. A
 * manager's to set, as the till's identity is (the main process refuses anyone else); everyone
 * else sees it read-only.
 */
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRINTER_CODE_PAGES,
  PRINTER_COLUMNS,
  PRINTER_CONNECTIONS,
  type PrinterDevice,
  type PrinterTest,
} from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { SerialPortFields } from '../../ui/SerialPortFields.js';

/** Enter saves from any field of the section (as the screen's keys say), not from a button. */
function submitOnEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== 'Enter' || (e.target as HTMLElement).tagName === 'BUTTON') return;
  e.preventDefault();
  e.currentTarget.requestSubmit();
}

function TestResult({ test }: { test: PrinterTest }) {
  const { t } = useTranslation('receipt');
  const state =
    test.state.paperNearEnd && test.state.condition === 'ready' ? t('state.nearEnd') : t(`state.${test.state.condition}`);
  const ok = test.printed.status === 'printed';
  return (
    <p
      className={ok ? 'settings-saved' : 'error'}
      role="status"
      data-testid="settings-printer-test-result"
      data-condition={test.state.condition}
      title={test.printed.status === 'failed' ? test.printed.reason : test.state.reason}
    >
      {t(ok ? 'device.tested' : 'device.testFailed', { state })}
    </p>
  );
}

export function PrinterDeviceSection({ device, editable }: { readonly device: PrinterDevice; readonly editable: boolean }) {
  const { t } = useTranslation('receipt');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<PrinterDevice>(device);
  const set = (patch: Partial<PrinterDevice>) => setDraft((d) => ({ ...d, ...patch }));
  const test = useMutation({ mutationFn: () => getBridge().printerTest() });
  const escpos = draft.connection !== 'system';
  const saved = update.isSuccess && !update.isPending;
  return (
    <form
      className="settings-section"
      aria-labelledby="settings-printer-device"
      data-testid="settings-printer-device"
      noValidate
      onKeyDown={submitOnEnter}
      onSubmit={(e) => {
        e.preventDefault();
        if (editable) update.mutate({ printerDevice: draft });
      }}
    >
      <h2 id="settings-printer-device">{t('device.legend')}</h2>
      {editable ? null : <p className="settings-note">{t('device.managerOnly')}</p>}
      <div className="field">
        <label htmlFor="settings-printer-connection">{t('device.connection')}</label>
        <select
          id="settings-printer-connection"
          value={draft.connection}
          disabled={!editable}
          onChange={(e) => set({ connection: e.target.value as PrinterDevice['connection'] })}
          data-testid="settings-printer-connection"
        >
          {PRINTER_CONNECTIONS.map((c) => (
            <option key={c} value={c}>
              {t(`device.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.connection === 'tcp' ? (
        <div className="row">
          <Field
            label={t('device.host')}
            value={draft.host}
            placeholder="192.168.1.50"
            readOnly={!editable}
            onChange={(e) => set({ host: e.target.value.trim() })}
            data-testid="settings-printer-host"
          />
          <Field
            label={t('device.port')}
            inputMode="numeric"
            value={String(draft.port)}
            readOnly={!editable}
            onChange={(e) => set({ port: Number(e.target.value.replace(/\D/g, '')) || 0 })}
            data-testid="settings-printer-port"
          />
        </div>
      ) : null}
      {draft.connection === 'serial' ? (
        <div className="row">
          <SerialPortFields
            name="settings-printer"
            labels={{ path: t('device.serialPath'), hint: 'COM3', baud: t('device.baud') }}
            path={draft.serialPath}
            baud={draft.baud}
            editable={editable}
            onPath={(serialPath) => set({ serialPath: serialPath.trim() })}
            onBaud={(baud) => set({ baud })}
          />
        </div>
      ) : null}
      {draft.connection === 'windows' ? (
        <>
          <Field
            label={t('device.share')}
            value={draft.share}
            placeholder="POS-80"
            readOnly={!editable}
            onChange={(e) => set({ share: e.target.value })}
            data-testid="settings-printer-share"
          />
          <p className="settings-note">{t('device.windowsUntested')}</p>
        </>
      ) : null}
      {escpos ? (
        <>
          <div className="row">
            <div className="field">
              <label htmlFor="settings-printer-columns">{t('device.columns')}</label>
              <select
                id="settings-printer-columns"
                value={draft.columns}
                disabled={!editable}
                onChange={(e) => set({ columns: Number(e.target.value) as PrinterDevice['columns'] })}
                data-testid="settings-printer-columns"
              >
                {PRINTER_COLUMNS.map((c) => (
                  <option key={c} value={c}>
                    {t('device.columnsHint', { count: c })}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="settings-printer-codepage">{t('device.codePage')}</label>
              <select
                id="settings-printer-codepage"
                value={draft.codePage}
                disabled={!editable}
                onChange={(e) => {
                  const codePage = e.target.value as PrinterDevice['codePage'];
                  // The Epson number of the table, the most common: the test page shows the others.
                  set({ codePage, codeTable: codePage === 'cp866' ? 17 : 46 });
                }}
                data-testid="settings-printer-codepage"
              >
                {PRINTER_CODE_PAGES.map((c) => (
                  <option key={c} value={c}>
                    {c === 'cp866' ? 'cp866 (DOS)' : 'Windows-1251'}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label={t('device.codeTable')}
              inputMode="numeric"
              value={String(draft.codeTable)}
              readOnly={!editable}
              onChange={(e) => set({ codeTable: Math.min(255, Number(e.target.value.replace(/\D/g, '')) || 0) })}
              data-testid="settings-printer-codetable"
            />
          </div>
          <p className="settings-note">{t('device.codeTableHint')}</p>
          <label className="settings-check">
            <input
              type="checkbox"
              checked={draft.drawer}
              disabled={!editable}
              onChange={(e) => set({ drawer: e.target.checked })}
              data-testid="settings-printer-drawer"
            />
            {t('device.drawer')}
          </label>
        </>
      ) : null}
      {editable ? (
        <div className="row">
          <button type="submit" className="primary" disabled={update.isPending} data-testid="settings-printer-device-save">
            {update.isPending ? t('common:sending') : t('device.save')} <kbd>Enter</kbd>
          </button>
          {escpos ? (
            <button
              type="button"
              // The test prints with what is saved: save first.
              disabled={test.isPending || update.isPending}
              onClick={() => test.mutate()}
              data-testid="settings-printer-test"
            >
              {test.isPending ? t('device.testing') : t('device.test')}
            </button>
          ) : null}
        </div>
      ) : null}
      {saved ? (
        <p className="settings-saved" role="status" data-testid="settings-printer-device-saved">
          {t('settings:saved')}
        </p>
      ) : null}
      {test.data ? <TestResult test={test.data} /> : null}
      <ErrorMessage error={update.error} />
      <ErrorMessage error={test.error} />
    </form>
  );
}
