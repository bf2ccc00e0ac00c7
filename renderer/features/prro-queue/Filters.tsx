/** The filter form: typed freely, sent on Enter or "Show", each problem under its field. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField.js';
import { Field } from '../../ui/Field.js';
import { filterProblems, type PrroFilter, type Scope } from './filters.js';

interface Props {
  readonly initial: PrroFilter;
  readonly onApply: (filter: PrroFilter) => void;
}

/** The id of the first field, which Alt+F focuses. */
export const FIRST_FILTER_ID = 'prro-start';

export function Filters({ initial, onApply }: Props) {
  const { t } = useTranslation('prro');
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(false);
  const problems = filterProblems(draft);
  const problem = (k: keyof PrroFilter) => (shown && problems[k] ? t(`filters.problems.${problems[k]}`) : undefined);
  const set = (patch: Partial<PrroFilter>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form
      // The checks are the screen's own, worded under each field, not the browser's bubbles.
      noValidate
      className="prro-filters row"
      aria-label={t('filters.legend')}
      onSubmit={(e) => {
        e.preventDefault();
        setShown(true);
        if (Object.keys(problems).length === 0) onApply(draft);
      }}
    >
      <DateField
        id={FIRST_FILTER_ID}
        label={t('filters.start')}
        value={draft.start}
        onDate={(start) => set({ start })}
        problem={problem('start')}
        data-testid="prro-start"
      />
      <DateField
        label={t('filters.end')}
        value={draft.end}
        onDate={(end) => set({ end })}
        problem={problem('end')}
        data-testid="prro-end"
      />
      <Field
        label={t('filters.kasm')}
        inputMode="numeric"
        placeholder={t('filters.kasmHint')}
        value={draft.kasm}
        onChange={(e) => set({ kasm: e.target.value })}
        problem={problem('kasm')}
        className="prro-kasm"
        data-testid="prro-kasm"
      />
      <Field
        label={t('filters.numprro')}
        placeholder={t('filters.numprroHint')}
        value={draft.numprro}
        onChange={(e) => set({ numprro: e.target.value })}
        className="prro-numprro"
        data-testid="prro-numprro"
      />
      <div className="field">
        <label htmlFor="prro-scope">{t('filters.scope')}</label>
        <select
          id="prro-scope"
          value={draft.scope}
          onChange={(e) => set({ scope: e.target.value as Scope })}
          data-testid="prro-scope"
        >
          <option value="kas">{t('filters.scopes.kas')}</option>
          <option value="user">{t('filters.scopes.user')}</option>
        </select>
      </div>
      <div className="field">
        <button type="submit" className="primary" data-testid="prro-apply">
          {t('filters.apply')} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
