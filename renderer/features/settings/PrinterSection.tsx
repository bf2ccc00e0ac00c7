/**
 * The receipt printer: which printer, the paper width, copies, "ask each time" and "e-receipt
 * only" (renderer/features/receipt). In browser mode there is no printer list: the browser's own
 * print window chooses the printer and copies, so only the paper and the two choices apply.
 */
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_COPIES, PAPER_WIDTHS, type PrinterSettings } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

const COPIES = Array.from({ length: MAX_COPIES }, (_, i) => i + 1);

/** Enter saves from any field of the section, checkboxes and lists included (as the screen's keys say). */
function submitOnEnter(e: KeyboardEvent<HTMLFormElement>) {
  const target = e.target as HTMLElement;
  if (e.key !== 'Enter' || target.tagName === 'BUTTON') return;
  e.preventDefault();
  e.currentTarget.requestSubmit();
}

/** `escpos`: an ESC/POS printer is set (PrinterDeviceSection): it prints, and the system's printer and the browser's print do not. */
export function PrinterSection({ printer, escpos = false }: { printer: PrinterSettings; escpos?: boolean }) {
  const { t } = useTranslation('receipt');
  const update = useSettingsUpdate();
  // Read afresh when the section opens: a printer plugged in since is listed.
  const printers = useQuery({ queryKey: ['printers'], queryFn: () => getBridge().printers(), staleTime: 0 });
  const [draft, setDraft] = useState<PrinterSettings>(printer);
  const set = (patch: Partial<PrinterSettings>) => setDraft((d) => ({ ...d, ...patch }));
  const native = (printers.data?.native ?? false) || escpos;
  const listed = printers.data?.printers ?? [];
  const missing = draft.name !== '' && !listed.some((p) => p.name === draft.name);
  return (
    <form
      className="settings-section"
      aria-labelledby="settings-printer"
      data-testid="settings-printer"
      onKeyDown={submitOnEnter}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ printer: draft });
      }}
    >
      <h2 id="settings-printer">{t('printer.legend')}</h2>
      {escpos ? (
        <p className="settings-note" data-testid="settings-printer-escpos">
          {t('printer.escpos')}
        </p>
      ) : null}
      {printers.isSuccess && !native ? (
        <p className="settings-note" data-testid="settings-printer-browser">
          {t('printer.browser')}
        </p>
      ) : null}
      {native && !escpos ? (
        <div className="field">
          <label htmlFor="settings-printer-name">{t('printer.name')}</label>
          <select
            id="settings-printer-name"
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="settings-printer-name"
          >
            <option value="">{t('printer.systemDefault')}</option>
            {listed.map((p) => (
              <option key={p.name} value={p.name}>
                {p.displayName}
              </option>
            ))}
            {missing ? <option value={draft.name}>{t('printer.notListed', { name: draft.name })}</option> : null}
          </select>
        </div>
      ) : null}
      <div className="row">
        <fieldset className="settings-fieldset">
          <legend>{t('printer.width')}</legend>
          {PAPER_WIDTHS.map((w) => (
            <label key={w} className={w === draft.paperWidth ? 'settings-choice active' : 'settings-choice'}>
              <input
                type="radio"
                name="settings-paper"
                checked={w === draft.paperWidth}
                onChange={() => set({ paperWidth: w })}
                data-testid={`settings-paper-${w}`}
              />
              {t('printer.mm', { width: w })}
            </label>
          ))}
        </fieldset>
        {native ? (
          <div className="field">
            <label htmlFor="settings-copies">{t('printer.copies')}</label>
            <select
              id="settings-copies"
              value={draft.copies}
              onChange={(e) => set({ copies: Number(e.target.value) })}
              data-testid="settings-copies"
            >
              {COPIES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.askEachTime}
          disabled={draft.eReceiptOnly}
          onChange={(e) => set({ askEachTime: e.target.checked })}
          data-testid="settings-ask"
        />
        {t('printer.askEachTime')}
      </label>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.eReceiptOnly}
          onChange={(e) => set({ eReceiptOnly: e.target.checked })}
          data-testid="settings-ereceipt"
        />
        {t('printer.eReceiptOnly')}
      </label>
      <button type="submit" className="primary" disabled={update.isPending} data-testid="settings-printer-save">
        {update.isPending ? t('common:sending') : t('printer.save')} <kbd>Enter</kbd>
      </button>
      {update.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-printer-saved">
          {t('settings:saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error} />
      <ErrorMessage error={printers.error} />
    </form>
  );
}
