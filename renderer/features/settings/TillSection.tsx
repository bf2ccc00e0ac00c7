/** This till's identity: its number, the cash box its cash goes to, and the PRRO it uses. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillIdentity } from '../../../shared/bridge/api.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { type TillDraft, tillOf, tillProblems } from './validate.js';

export function TillSection({ till, editable }: { readonly till: TillIdentity; readonly editable: boolean }) {
  const { t } = useTranslation('settings');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState<TillDraft>({ kasm: String(till.kasm), akas: till.akas, numprro: till.numprro });
  const [tried, setTried] = useState(false);
  const problems = tillProblems(draft);
  const problem = (k: keyof TillDraft) => (tried && problems[k] ? t(`problems.${problems[k]}`) : undefined);
  const set = (patch: Partial<TillDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form
      // The checks are the screen's own, worded under each field, not the browser's bubbles.
      noValidate
      className="settings-section"
      aria-labelledby="settings-till"
      onSubmit={(e) => {
        e.preventDefault();
        if (!editable) return;
        setTried(true);
        if (Object.keys(problems).length === 0) update.mutate({ till: tillOf(draft) });
      }}
    >
      <h2 id="settings-till">{t('till.legend')}</h2>
      <div className="row">
        <Field
          label={t('till.kasm')}
          inputMode="numeric"
          value={draft.kasm}
          onChange={(e) => set({ kasm: e.target.value })}
          problem={problem('kasm')}
          readOnly={!editable}
          data-testid="settings-kasm"
        />
        <Field
          label={t('till.akas')}
          value={draft.akas}
          onChange={(e) => set({ akas: e.target.value })}
          problem={problem('akas')}
          readOnly={!editable}
          data-testid="settings-akas"
        />
        <Field
          label={t('till.numprro')}
          inputMode="numeric"
          placeholder={t('till.numprroHint')}
          value={draft.numprro}
          onChange={(e) => set({ numprro: e.target.value })}
          problem={problem('numprro')}
          readOnly={!editable}
          data-testid="settings-numprro"
        />
      </div>
      {editable ? (
        <button type="submit" disabled={update.isPending} data-testid="settings-till-save">
          {update.isPending ? t('common:sending') : t('till.save')}
        </button>
      ) : (
        <p className="settings-note" data-testid="settings-till-readonly">
          {t('access.identityNote')}
        </p>
      )}
      {update.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-till-saved">
          {t('saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error} />
    </form>
  );
}
