/**
 * The correction form: the head fields a manager corrects most, over the same XML text the raw
 * editor shows, so either may be used and the other follows. Each field says what is wrong with
 * it: the tax server's words where it named the field, the back office's where it refused the
 * correction, else what the schema's type wants. A date or a time the form can read in another
 * way is written in the DPS's way on Enter.
 */
import { forwardRef, type KeyboardEvent, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fieldProblem,
  HEAD_FIELDS,
  type HeadField,
  headValue,
  setHeadValue,
  shownValue,
  suggestion,
  writtenValue,
} from './head-fields.js';

export interface CorrectionFormHandle {
  /** Focuses the field named (the one the server or the back office named), else the first that needs it. */
  focus(element?: string): void;
}

/** What a field is told from outside: the tax server's words, or the back office's refusal of the correction. */
export interface FieldNote {
  readonly element: string;
  readonly text: string;
  readonly from: 'server' | 'backOffice';
}

interface Props {
  /** The document's text as it would go now (the correction so far, or as it is). */
  readonly text: string;
  /** The document as it is, to say what a field was. */
  readonly original: string;
  readonly onText: (text: string) => void;
  readonly notes: readonly FieldNote[];
}

/** The fields the document has, and the optional cashier even where it has none. */
export const formFields = (original: string): readonly HeadField[] =>
  HEAD_FIELDS.filter((f) => f.id === 'CASHIER' || headValue(original, f.id) !== undefined);

export const CorrectionForm = forwardRef<CorrectionFormHandle, Props>(function CorrectionForm(
  { text, original, onText, notes },
  ref,
) {
  const { t } = useTranslation('prro');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const fields = formFields(original);
  const problemOf = (f: HeadField) => fieldProblem(f, headValue(text, f.id));
  useImperativeHandle(ref, () => ({
    focus(element) {
      const named = fields.find((f) => f.id === element);
      const target = named ?? fields.find((f) => problemOf(f) !== undefined) ?? fields[0];
      const input = target ? inputs.current.get(target.id) : undefined;
      input?.focus();
      input?.select();
    },
  }));

  const set = (f: HeadField, value: string | undefined) => onText(setHeadValue(text, f.id, value));
  const onKeyDown = (f: HeadField, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const better = suggestion(f, headValue(text, f.id) ?? '');
    if (better !== undefined) set(f, better);
  };

  return (
    <fieldset className="prro-correction" data-testid="prro-correction">
      <legend>{t('correction.title')}</legend>
      <p className="muted prro-correction-hint">{t('correction.hint')}</p>
      <div className="prro-correction-fields">
        {fields.map((f) => {
          const value = headValue(text, f.id);
          const was = headValue(original, f.id);
          const problem = fieldProblem(f, value);
          const better = suggestion(f, value ?? '');
          const note = notes.find((n) => n.element === f.id);
          const id = `prro-fix-${f.id}`;
          const changed = value !== was;
          // What was said of the field outright comes before the form's own check, which it makes needless.
          const wrong = note
            ? [t(`correction.from.${note.from}`, { text: note.text })]
            : problem
              ? [t(`correction.problems.${problem}`)]
              : [];
          const info = [
            better ? t('correction.suggest', { value: shownValue(f, better) }) : null,
            changed ? t('correction.was', { value: was ?? t('correction.absent') }) : null,
          ].filter((s): s is string => s !== null);
          return (
            <div
              key={f.id}
              className={`field${wrong.length > 0 ? ' has-problem' : ''}${changed ? ' changed' : ''}`}
              data-testid={id}
              data-changed={changed || undefined}
              data-problem={problem}
            >
              <label htmlFor={id}>{t(`correction.fields.${f.id}`)}</label>
              <input
                id={id}
                ref={(el) => {
                  if (el) inputs.current.set(f.id, el);
                  else inputs.current.delete(f.id);
                }}
                value={shownValue(f, value ?? '')}
                placeholder={f.kind === 'date' || f.kind === 'time' ? t(`correction.placeholders.${f.kind}`) : undefined}
                inputMode={f.kind === 'name' ? undefined : f.kind === 'tin' || f.kind === 'ipn' ? 'text' : 'numeric'}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={wrong.length > 0 ? true : undefined}
                aria-describedby={wrong.length + info.length > 0 ? `${id}-says` : undefined}
                onChange={(e) => set(f, writtenValue(f, e.target.value))}
                onKeyDown={(e) => onKeyDown(f, e)}
                data-testid={`${id}-input`}
              />
              {wrong.length + info.length > 0 ? (
                <span id={`${id}-says`} data-testid={`${id}-says`}>
                  {wrong.length > 0 ? <span className="field-problem">{wrong.join(' · ')}</span> : null}
                  {info.length > 0 ? <span className="field-note">{info.join(' · ')}</span> : null}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
});
