/**
 * The quick-key grid of the sale screen: goods without a barcode (bread by the piece, a bag) on
 * a key. Each slot takes a product code, found by code or by the start of its name in the till's
 * catalogue copy, and an optional short label.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogItem, QuickKey } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

export function QuickKeysSection({ keys }: { readonly keys: readonly QuickKey[] }) {
  const { t } = useTranslation('settings');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<QuickKey[]>(() => keys.map((k) => ({ ...k })));
  const [suggest, setSuggest] = useState<CatalogItem[]>([]);
  const [unknown, setUnknown] = useState<string[]>([]);
  const list = useId();

  const set = (i: number, patch: Partial<QuickKey>) => setDraft((d) => d.map((k, n) => (n === i ? { ...k, ...patch } : k)));
  const lookup = (text: string) => {
    if (text.trim().length < 2) return setSuggest([]);
    getBridge()
      .catalogSearch({ text, limit: 12 })
      .then(setSuggest, () => setSuggest([]));
  };
  const save = async () => {
    const cleaned = draft.map((k) => ({ code: k.code.trim(), label: k.label.trim() }));
    const missing: string[] = [];
    for (const k of cleaned) if (k.code !== '' && !(await getBridge().catalogItem(k.code))) missing.push(k.code);
    setUnknown(missing);
    if (missing.length === 0) update.mutate({ quickKeys: cleaned });
  };

  return (
    <form
      noValidate
      className="settings-section settings-quick"
      aria-labelledby="settings-quick"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="settings-quick">{t('quick.legend')}</h2>
      <p className="settings-note">{t('quick.note')}</p>
      <datalist id={list}>
        {suggest.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </datalist>
      <div className="quick-grid">
        {draft.map((k, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position in the grid
          <div className="quick-slot" key={i} data-testid="quick-slot">
            <span className="quick-n">{i + 1}</span>
            <input
              aria-label={`${t('quick.slot', { n: i + 1 })}: ${t('quick.code')}`}
              list={list}
              value={k.code}
              autoComplete="off"
              onChange={(e) => {
                set(i, { code: e.target.value });
                lookup(e.target.value);
              }}
              data-testid={`quick-code-${i + 1}`}
            />
            <input
              aria-label={`${t('quick.slot', { n: i + 1 })}: ${t('quick.label')}`}
              placeholder={t('quick.label')}
              value={k.label}
              maxLength={40}
              onChange={(e) => set(i, { label: e.target.value })}
              data-testid={`quick-label-${i + 1}`}
            />
          </div>
        ))}
      </div>
      {unknown.map((code) => (
        <p key={code} className="field-problem" role="alert">
          {t('quick.unknown', { code })}
        </p>
      ))}
      <button type="submit" disabled={update.isPending} data-testid="quick-save">
        {t('quick.save')}
      </button>
      {update.isSuccess && unknown.length === 0 ? (
        <p className="settings-saved" role="status" data-testid="quick-saved">
          {t('saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error} />
    </form>
  );
}
